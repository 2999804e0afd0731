/**
 * The line kept: every confirmed entry's place by the rule of
 * line-rule.ts, kept in `waitlist_line` as the line changes, so that a
 * place is one indexed read and no change walks the line. A confirmation
 * joins the end of the line; a credit, or one withdrawn, moves its
 * referrer past the few entries between its old key and its new one; a
 * departure (a leave, an erasure) moves everyone behind up one place, a
 * slice of rows at a time, and then the few credited entries that now tie
 * with those ahead of it. Each change holds the line's lock, so instances
 * sharing a store keep one line. The whole line is written only at start
 * (keepLineFor) and for a confirmation out of order: walked once, then
 * copied a slice at a time like a departure's move. The boost the line is
 * kept for is the counter `line_boost`, set at start; a reader with another
 * boost (an instance started with another REFERRAL_BOOST) walks the line.
 */
import { setImmediate } from "timers/promises"
import { sql, type RawBuilder, type SqlBool } from "kysely"
import type { Db, On, Tx } from "../db/db"
import { storedTime, toDate, type LineTable } from "../db/schema"
import { places, standsAhead, type InLine } from "./line-rule"

const LINE_LOCK = "waitlist-line"
const BOOST_COUNTER = "line_boost"
/** How many entries one statement of a departure, or of the line written anew, covers: some tens of milliseconds of SQLite's, which runs on the event loop. */
const ROWS_PER_SLICE = 2_000

/** The boost the kept line follows; null while none is kept. */
async function keptBoost(on: On): Promise<number | null> {
  const row = await on
    .selectFrom("waitlist_counters")
    .select("value")
    .where("name", "=", BOOST_COUNTER)
    .executeTakeFirst()
  return row ? Number(row.value) : null
}

/** Takes the line's lock for the rest of the transaction; the boost the kept line follows, null while none is kept. */
async function lockLine(db: Db, trx: Tx): Promise<number | null> {
  await db.lock(trx, LINE_LOCK)
  return keptBoost(trx)
}

/** The line by the rule, walked once when it is written anew and copied from there a slice at a time: a temporary table, the transaction's own. */
const WALK = "waitlist_line_walk"
/** The kept line's columns, as the walk gives them. */
const LINE_COLUMNS = ["entry_id", "arrival", "credited", "last_credit", "line_key", "place"] as const

/**
 * Runs `work` over the kept line a slice of rows at a time in the order of
 * ids, the event loop free after each: `work` is given the condition that
 * picks the slice's rows. No statement comes near the store's timeout, and
 * SQLite's, which run on the event loop, hold it for tens of milliseconds
 * at most.
 */
async function bySlices(trx: Tx, work: (inSlice: RawBuilder<SqlBool>) => Promise<unknown>): Promise<void> {
  let from = 0
  for (;;) {
    const last = await trx
      .selectFrom("waitlist_line")
      .select("entry_id")
      .where("entry_id", ">=", from)
      .orderBy("entry_id")
      .offset(ROWS_PER_SLICE - 1)
      .limit(1)
      .executeTakeFirst()
    const to = last === undefined ? undefined : Number(last.entry_id)
    await work(to === undefined ? sql<SqlBool>`entry_id >= ${from}` : sql<SqlBool>`entry_id BETWEEN ${from} AND ${to}`)
    await setImmediate()
    if (to === undefined) return
    from = to + 1
  }
}

/** Writes the whole line anew by the rule, for a boost (a walk of the line: at start, and for a confirmation out of order). */
async function writeLine(trx: Tx, boost: number): Promise<void> {
  await trx.schema.createTable(WALK).temporary().as(places(trx, boost)).execute()
  await trx.schema.createIndex(`${WALK}_by_place`).on(WALK).column("place").execute()
  await bySlices(trx, (inSlice) => trx.deleteFrom("waitlist_line").where(inSlice).execute())
  const walk = trx.withTables<{ [WALK]: LineTable }>()
  const { length } = await walk
    .selectFrom(WALK)
    .select((eb) => eb.fn.countAll<number>().as("length"))
    .executeTakeFirstOrThrow()
  // Places run from 1 to the line's length, so each slice is a range of the walk's index.
  for (let after = 0; after < Number(length); after += ROWS_PER_SLICE) {
    await walk
      .insertInto("waitlist_line")
      .columns(LINE_COLUMNS)
      .expression(
        walk
          .selectFrom(WALK)
          .select(LINE_COLUMNS)
          .where("place", ">", after)
          .where("place", "<=", after + ROWS_PER_SLICE),
      )
      .execute()
    await setImmediate()
  }
  await trx.schema.dropTable(WALK).execute()
  await trx
    .insertInto("waitlist_counters")
    .values({ name: BOOST_COUNTER, value: boost })
    .onConflict((conflict) => conflict.column("name").doUpdateSet({ value: boost }))
    .execute()
}

/** Keeps the line for a boost, at start: written anew when it was kept for another boost, or never. */
export const keepLineFor = (db: Db, boost: number): Promise<void> =>
  db.write(async (trx) => {
    if ((await lockLine(db, trx)) !== boost) await writeLine(trx, boost)
  })

/** An entry's place in line, or null while it is not confirmed: one indexed read of the line kept for this boost. */
export async function placeOf(on: On, entryId: number, boost: number): Promise<number | null> {
  const kept = (await keptBoost(on)) === boost
  const row = kept
    ? await on.selectFrom("waitlist_line").select("place").where("entry_id", "=", entryId).executeTakeFirst()
    : await on
        .selectFrom(places(on, boost).as("p"))
        .select("p.place")
        .where("p.entry_id", "=", entryId)
        .executeTakeFirst()
  return row ? Number(row.place) : null
}

/**
 * Puts an entry that has just confirmed at the end of the kept line (its
 * credits come later, as its friends confirm); one that confirmed at an
 * earlier time than the last in line (clocks of instances apart) is put in
 * its place by writing the line anew.
 */
export async function joinLine(db: Db, trx: Tx, entryId: number): Promise<void> {
  const boost = await lockLine(db, trx)
  if (boost === null) return
  const last = await trx
    .selectFrom("waitlist_line as l")
    .innerJoin("waitlist_entries as e", "e.id", "l.entry_id")
    .select(["l.arrival", "e.id", "e.confirmed_at"])
    .orderBy("l.arrival", "desc")
    .limit(1)
    .executeTakeFirst()
  const own = await trx
    .selectFrom("waitlist_entries")
    .select("confirmed_at")
    .where("id", "=", entryId)
    .executeTakeFirstOrThrow()
  const at = (time: unknown) => toDate(time as string).getTime()
  const lastAt = last ? at(last.confirmed_at) : -Infinity
  if (at(own.confirmed_at) < lastAt || (at(own.confirmed_at) === lastAt && entryId < Number(last?.id)))
    return writeLine(trx, boost)
  const end = Number(last?.arrival ?? 0) + 1
  await trx
    .insertInto("waitlist_line")
    .values({ entry_id: entryId, arrival: end, credited: 0, last_credit: null, line_key: end, place: end })
    .execute()
}

/**
 * Moves an entry of the kept line from its place (`before`, as just read)
 * to its place as `after` orders it, past the entries whose key lies
 * within `keys` (the only ones it can pass): those it now stands ahead of
 * each move one place back, or those now ahead of it each one place up.
 */
async function moveInLine(
  trx: Tx,
  before: { entry_id: number; place: number },
  after: InLine,
  keys: [number, number],
): Promise<void> {
  const entryId = before.entry_id
  const near = await trx
    .selectFrom("waitlist_line")
    .select(["arrival", "credited", "last_credit", "line_key", "place"])
    .where("line_key", ">=", keys[0])
    .where("line_key", "<=", keys[1])
    .where("entry_id", "!=", entryId)
    .execute()
  const passed = near.filter((other) => other.place < before.place && standsAhead(after, other)).length
  const fallenBehind = near.filter((other) => other.place > before.place && standsAhead(other, after)).length
  const place = before.place - passed + fallenBehind
  if (passed > 0)
    await trx
      .updateTable("waitlist_line")
      .set((eb) => ({ place: eb("place", "+", 1) }))
      .where("place", ">=", place)
      .where("place", "<", before.place)
      .execute()
  if (fallenBehind > 0)
    await trx
      .updateTable("waitlist_line")
      .set((eb) => ({ place: eb("place", "-", 1) }))
      .where("place", ">", before.place)
      .where("place", "<=", place)
      .execute()
  await trx
    .updateTable("waitlist_line")
    .set({
      credited: after.credited,
      last_credit: after.last_credit === null ? null : storedTime(toDate(after.last_credit)),
      line_key: after.line_key,
      place,
    })
    .where("entry_id", "=", entryId)
    .execute()
}

/**
 * Moves a referrer whose credited referrals have changed to its new place:
 * ahead past about `boost` entries for a credit, back as far for one
 * withdrawn. `leaving` is a friend whose credit goes as they leave the line.
 */
async function retally(trx: Tx, boost: number, referrerId: number, leaving?: number): Promise<void> {
  const before = await trx.selectFrom("waitlist_line").selectAll().where("entry_id", "=", referrerId).executeTakeFirst()
  if (!before) return
  const tally = await trx
    .selectFrom("waitlist_referrals")
    .select((eb) => [eb.fn.countAll<number>().as("credited"), eb.fn.max("decided_at").as("last_credit")])
    .where("referrer_id", "=", referrerId)
    .where("state", "=", "credited")
    .$if(leaving !== undefined, (query) => query.where("referred_id", "!=", leaving as number))
    .executeTakeFirstOrThrow()
  const credited = Number(tally.credited)
  const after: InLine = {
    arrival: before.arrival,
    credited,
    last_credit: tally.last_credit,
    line_key: before.arrival - boost * credited,
  }
  await moveInLine(trx, before, after, [
    Math.min(before.line_key, after.line_key),
    Math.max(before.line_key, after.line_key),
  ])
}

/** Moves a referrer whose referral has just been credited, or whose credit was withdrawn (its friend bounced or complained), to its new place. */
export async function creditsChanged(db: Db, trx: Tx, referrerId: number): Promise<void> {
  const boost = await lockLine(db, trx)
  if (boost !== null) await retally(trx, boost, referrerId)
}

/**
 * Takes an entry out of the kept line before it is deleted (a leave, an
 * erasure), when it is in line. Everyone who arrived after it arrives one
 * earlier, so their keys fall by one, and everyone behind it moves up one
 * place; that keeps their order except for an entry credited past the
 * departure whose key now meets, or passes by one, the key of an earlier
 * arrival: each such entry is moved past those. Its referrer loses the
 * credit it brought.
 */
export async function departFromLine(db: Db, trx: Tx, entryId: number): Promise<void> {
  const boost = await lockLine(db, trx)
  if (boost === null) return
  const gone = await trx.selectFrom("waitlist_line").selectAll().where("entry_id", "=", entryId).executeTakeFirst()
  if (!gone) return
  await trx.deleteFrom("waitlist_line").where("entry_id", "=", entryId).execute()
  const later = sql<boolean>`arrival > ${gone.arrival}`
  // Each row moves by its own values alone, so the slices make one move.
  await bySlices(trx, (inSlice) =>
    trx
      .updateTable("waitlist_line")
      .set({
        place: sql`CASE WHEN place > ${gone.place} THEN place - 1 ELSE place END`,
        arrival: sql`CASE WHEN ${later} THEN arrival - 1 ELSE arrival END`,
        line_key: sql`CASE WHEN ${later} THEN line_key - 1 ELSE line_key END`,
      })
      .where(inSlice)
      .where((eb) => eb.or([eb("place", ">", gone.place), eb("arrival", ">", gone.arrival)]))
      .execute(),
  )
  const crossing = await trx
    .selectFrom("waitlist_line")
    .selectAll()
    .where("arrival", ">=", gone.arrival)
    .where("line_key", "<", gone.arrival)
    .orderBy("place")
    .execute()
  // That read walks the line's index by place; on SQLite, the commit that follows should not hold the loop for it too.
  await setImmediate()
  // Each moves past entries ahead of it only, so the places of those behind it, read above, still hold.
  for (const entry of crossing) await moveInLine(trx, entry, entry, [entry.line_key, entry.line_key + 1])
  const credit = await trx
    .selectFrom("waitlist_referrals")
    .select("referrer_id")
    .where("referred_id", "=", entryId)
    .where("state", "=", "credited")
    .executeTakeFirst()
  if (credit) await retally(trx, boost, Number(credit.referrer_id), entryId)
}

/** The whole line (each entry's id, credited referrals and place) as a query to select from: the line kept for this boost, or else walked by the rule. */
export async function lineOf(on: On, boost: number) {
  if ((await keptBoost(on)) === boost)
    return on.selectFrom("waitlist_line as p").select(["p.entry_id", "p.credited", "p.place"])
  return on.selectFrom(places(on, boost).as("p")).select(["p.entry_id", "p.credited", "p.place"])
}
