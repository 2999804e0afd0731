/**
 * The line kept: every confirmed entry's place by the rule of
 * line-rule.ts, kept in `waitlist_line` as the line changes, so that a
 * place is one indexed read and no change walks the line. A confirmation
 * joins the end of the line; a credit, or one withdrawn, moves its
 * referrer past the few entries between its old key and its new one; a
 * departure (a leave, an erasure) leaves its arrival and place behind as a
 * gap (`waitlist_line_gaps`), so that everyone behind it moves up one
 * place without a write, and then moves the few credited entries that now
 * tie with those ahead of them. Stored arrivals and places count gaps;
 * what the rule numbers is a stored one less the gaps ahead of it
 * (keptLine). Once GAPS_KEPT gaps are left they are closed up, every row
 * behind the first a slice at a time. Each change holds the line's lock,
 * so instances sharing a store keep one line. The whole line is written
 * only at start (keepLineFor) and for a confirmation out of order: walked
 * once, then copied a slice at a time. The boost the line is kept for is
 * the counter `line_boost`, set at start; a reader with another boost (an
 * instance started with another REFERRAL_BOOST) walks the line.
 */
import { setImmediate } from "timers/promises"
import { sql, type RawBuilder, type SqlBool } from "kysely"
import type { Db, On, Tx } from "../db/db"
import { storedTime, toDate, type LineTable } from "../db/schema"
import { places, standsAhead, type InLine } from "./line-rule"

const LINE_LOCK = "waitlist-line"
const BOOST_COUNTER = "line_boost"
/** How many entries one statement of the gaps closed up, or of the line written anew, covers: some tens of milliseconds of SQLite's, which runs on the event loop. */
const ROWS_PER_SLICE = 2_000
/**
 * How many departures' gaps the line keeps before closing them up: a move
 * reads up to that many entries more than it passes, and closing up writes
 * every row behind the first gap, once for so many departures.
 */
export const GAPS_KEPT = 1_000

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

/** How many gaps lie ahead of a row of `waitlist_line as l` by arrival, and by place: what the last gap before it counted. */
const arrivalsGoneAhead = sql<number>`COALESCE((SELECT g.arrivals_gone FROM waitlist_line_gaps g WHERE g.arrival < l.arrival ORDER BY g.arrival DESC LIMIT 1), 0)`
const placesGoneAhead = sql<number>`COALESCE((SELECT g.places_gone FROM waitlist_line_gaps g WHERE g.place < l.place ORDER BY g.place DESC LIMIT 1), 0)`

/**
 * The kept line as the rule numbers it, as a query on `waitlist_line as l`
 * (its conditions name the stored columns): each arrival, key and place
 * less the gaps ahead of it, beside the stored place and arrival (`slot`,
 * `arrival_slot`) that moves write.
 */
export function keptLine(on: On) {
  return on
    .selectFrom("waitlist_line as l")
    .select([
      "l.entry_id",
      "l.credited",
      "l.last_credit",
      "l.place as slot",
      "l.arrival as arrival_slot",
      sql<number>`l.arrival - ${arrivalsGoneAhead}`.as("arrival"),
      sql<number>`l.line_key - ${arrivalsGoneAhead}`.as("line_key"),
      sql<number>`l.place - ${placesGoneAhead}`.as("place"),
    ])
}

/** A row of the kept line as keptLine gives it, its numbers read as numbers. */
type Kept = InLine & { entry_id: number; slot: number; arrival_slot: number; place: number }

const kept = async (rows: Promise<Record<keyof Kept, unknown>[]>): Promise<Kept[]> =>
  (await rows).map((row) => ({
    entry_id: Number(row.entry_id),
    arrival: Number(row.arrival),
    credited: Number(row.credited),
    last_credit: row.last_credit as InLine["last_credit"],
    line_key: Number(row.line_key),
    place: Number(row.place),
    slot: Number(row.slot),
    arrival_slot: Number(row.arrival_slot),
  }))

/** How many gaps the line holds. */
async function gapsLeft(trx: Tx): Promise<number> {
  const { n } = await trx
    .selectFrom("waitlist_line_gaps")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow()
  return Number(n)
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
  await trx.deleteFrom("waitlist_line_gaps").execute()
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

/**
 * Closes the line's gaps: every row behind the first takes the arrival,
 * key and place the rule numbers it with, a slice at a time (the order of
 * rows stays as it is, so the slices make one change).
 */
export async function closeGaps(trx: Tx): Promise<void> {
  const first = await trx
    .selectFrom("waitlist_line_gaps")
    .select((eb) => [eb.fn.min("arrival").as("arrival"), eb.fn.min("place").as("place")])
    .executeTakeFirstOrThrow()
  if (first.arrival === null || first.place === null) return
  await bySlices(trx, (inSlice) =>
    trx
      .updateTable("waitlist_line as l")
      .set({
        arrival: sql`l.arrival - ${arrivalsGoneAhead}`,
        line_key: sql`l.line_key - ${arrivalsGoneAhead}`,
        place: sql`l.place - ${placesGoneAhead}`,
      })
      .where(inSlice)
      .where((eb) => eb.or([eb("l.arrival", ">", first.arrival), eb("l.place", ">", first.place)]))
      .execute(),
  )
  await trx.deleteFrom("waitlist_line_gaps").execute()
}

/** Keeps the line for a boost, at start: written anew when it was kept for another boost, or never. */
export const keepLineFor = (db: Db, boost: number): Promise<void> =>
  db.write(async (trx) => {
    if ((await lockLine(db, trx)) !== boost) await writeLine(trx, boost)
  })

/** An entry's place in line, or null while it is not confirmed: one indexed read of the line kept for this boost, and one of its gaps. */
export async function placeOf(on: On, entryId: number, boost: number): Promise<number | null> {
  const kept = (await keptBoost(on)) === boost
  const row = kept
    ? await keptLine(on).where("l.entry_id", "=", entryId).executeTakeFirst()
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
  const lastGap = await trx
    .selectFrom("waitlist_line_gaps")
    .select((eb) => eb.fn.max("arrival").as("arrival"))
    .executeTakeFirstOrThrow()
  // Arrivals and places stored each run from 1 to the line's length and its gaps': the end of one is the end of the other.
  const end = Math.max(Number(last?.arrival ?? 0), Number(lastGap.arrival ?? 0)) + 1
  await trx
    .insertInto("waitlist_line")
    .values({ entry_id: entryId, arrival: end, credited: 0, last_credit: null, line_key: end, place: end })
    .execute()
}

/**
 * Moves an entry of the kept line from where it stands (`before`, as just
 * read) to its place as `after` orders it, past the entries whose key lies
 * within `keys` (the only ones it can pass): it takes the place of the
 * first it now stands ahead of, each of those moving one place back, or
 * of the last now ahead of it, each of those moving one place up. The gaps
 * among them move with them.
 */
async function moveInLine(trx: Tx, before: Kept, after: InLine, keys: [number, number], gaps: number): Promise<void> {
  // A stored key is the rule's plus the gaps ahead of its arrival, at most all `gaps` the line holds.
  const near = (
    await kept(
      keptLine(trx)
        .where("l.line_key", ">=", keys[0])
        .where("l.line_key", "<=", keys[1] + gaps)
        .where("l.entry_id", "!=", before.entry_id)
        .execute(),
    )
  ).filter((other) => other.line_key >= keys[0] && other.line_key <= keys[1])
  const passed = near.filter((other) => other.slot < before.slot && standsAhead(after, other)).map((o) => o.slot)
  const fallenBehind = near.filter((other) => other.slot > before.slot && standsAhead(other, after)).map((o) => o.slot)
  const shift = async (by: 1 | -1, from: number, to: number) => {
    for (const table of ["waitlist_line", "waitlist_line_gaps"] as const)
      await trx
        .updateTable(table)
        .set((eb) => ({ place: eb("place", "+", by) }))
        .where("place", ">=", from)
        .where("place", "<=", to)
        .execute()
  }
  let slot = before.slot
  if (passed.length > 0) {
    slot = Math.min(...passed)
    await shift(1, slot, before.slot - 1)
  } else if (fallenBehind.length > 0) {
    slot = Math.max(...fallenBehind)
    await shift(-1, before.slot + 1, slot)
  }
  await trx
    .updateTable("waitlist_line")
    .set({
      credited: after.credited,
      last_credit: after.last_credit === null ? null : storedTime(toDate(after.last_credit)),
      line_key: after.line_key + (before.arrival_slot - before.arrival),
      place: slot,
    })
    .where("entry_id", "=", before.entry_id)
    .execute()
}

/**
 * Moves a referrer whose credited referrals have changed to its new place:
 * ahead past about `boost` entries for a credit, back as far for one
 * withdrawn. `leaving` is a friend whose credit goes as they leave the line.
 */
async function retally(trx: Tx, boost: number, referrerId: number, leaving?: number): Promise<void> {
  const [before] = await kept(keptLine(trx).where("l.entry_id", "=", referrerId).execute())
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
  await moveInLine(
    trx,
    before,
    after,
    [Math.min(before.line_key, after.line_key), Math.max(before.line_key, after.line_key)],
    await gapsLeft(trx),
  )
}

/** Moves a referrer whose referral has just been credited, or whose credit was withdrawn (its friend bounced or complained), to its new place. */
export async function creditsChanged(db: Db, trx: Tx, referrerId: number): Promise<void> {
  const boost = await lockLine(db, trx)
  if (boost !== null) await retally(trx, boost, referrerId)
}

/** Leaves a departure's arrival and place as a gap, each later gap counting one more ahead of it. */
async function leaveGap(trx: Tx, arrival: number, place: number): Promise<void> {
  const ahead = await trx
    .selectFrom("waitlist_line_gaps")
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere("arrival", "<", arrival).as("arrivals"),
      eb.fn.countAll<number>().filterWhere("place", "<", place).as("places"),
    ])
    .executeTakeFirstOrThrow()
  await trx
    .updateTable("waitlist_line_gaps")
    .set((eb) => ({ arrivals_gone: eb("arrivals_gone", "+", 1) }))
    .where("arrival", ">", arrival)
    .execute()
  await trx
    .updateTable("waitlist_line_gaps")
    .set((eb) => ({ places_gone: eb("places_gone", "+", 1) }))
    .where("place", ">", place)
    .execute()
  await trx
    .insertInto("waitlist_line_gaps")
    .values({ arrival, place, arrivals_gone: Number(ahead.arrivals) + 1, places_gone: Number(ahead.places) + 1 })
    .execute()
}

/**
 * Takes an entry out of the kept line before it is deleted (a leave, an
 * erasure), when it is in line, leaving a gap. Everyone who arrived after
 * it arrives one earlier, so their keys fall by one, and everyone behind
 * it moves up one place; that keeps their order except for an entry
 * credited past the departure whose key now meets, or passes by one, the
 * key of an earlier arrival: each such entry is moved past those. Its
 * referrer loses the credit it brought.
 */
export async function departFromLine(db: Db, trx: Tx, entryId: number): Promise<void> {
  const boost = await lockLine(db, trx)
  if (boost === null) return
  const [gone] = await kept(keptLine(trx).where("l.entry_id", "=", entryId).execute())
  if (!gone) return
  await trx.deleteFrom("waitlist_line").where("entry_id", "=", entryId).execute()
  await leaveGap(trx, gone.arrival_slot, gone.slot)
  const gaps = await gapsLeft(trx)
  // Only a credited entry's key lies before its arrival; a stored key is the rule's plus at most every gap.
  const crossing = (
    await kept(
      keptLine(trx)
        .where("l.credited", ">", 0)
        .where("l.line_key", "<", gone.arrival + gaps)
        .where("l.arrival", ">", gone.arrival_slot)
        .execute(),
    )
  )
    .filter((entry) => entry.line_key < gone.arrival)
    // Sorted here: asked for in that order, SQLite would walk the whole line by place rather than the credited entries' index.
    .sort((a, b) => a.slot - b.slot)
  // Each moves past entries ahead of it only, so the places of those behind it, read above, still hold.
  for (const entry of crossing) await moveInLine(trx, entry, entry, [entry.line_key, entry.line_key + 1], gaps)
  const credit = await trx
    .selectFrom("waitlist_referrals")
    .select("referrer_id")
    .where("referred_id", "=", entryId)
    .where("state", "=", "credited")
    .executeTakeFirst()
  if (credit) await retally(trx, boost, Number(credit.referrer_id), entryId)
  if (gaps >= GAPS_KEPT) await closeGaps(trx)
}

/** The line walked by the rule, for a reader whose boost is not the kept line's: each entry's id, credited referrals and place. */
const walkedLine = (on: On, boost: number) =>
  on.selectFrom(places(on, boost).as("p")).select(["p.entry_id", "p.credited", "p.place"])

/**
 * Every entry of the line at once (its id, credited referrals and place),
 * for a read of the whole list: the line kept read in the order of its
 * index by slot and numbered here, where a row's gaps ahead would cost a
 * read each; or else walked by the rule.
 */
export async function wholeLine(
  on: On,
  boost: number,
): Promise<{ entry_id: number; credited: number; place: number }[]> {
  if ((await keptBoost(on)) !== boost) return walkedLine(on, boost).execute()
  const line = await on.selectFrom("waitlist_line").select(["entry_id", "credited"]).orderBy("place").execute()
  return line.map((row, at) => ({ ...row, place: at + 1 }))
}

/**
 * The whole line, or its first `upTo` places, as a query to select from:
 * each entry's id, credited referrals and place, and `slot`, which orders
 * the line as place does through an index (order a page of it by slot).
 * The line kept for this boost, or else walked by the rule.
 */
export async function lineOf(on: On, boost: number, upTo?: number) {
  if ((await keptBoost(on)) !== boost) {
    const walked = walkedLine(on, boost).select("p.place as slot")
    return upTo === undefined ? walked : walked.where("p.place", "<=", upTo)
  }
  const line = on.selectFrom(keptLine(on).as("p")).select(["p.entry_id", "p.credited", "p.place", "p.slot"])
  if (upTo === undefined) return line
  // The slot of the last place wanted: that many rows along the line's index by slot, a gap being no row.
  const last = await on
    .selectFrom("waitlist_line")
    .select("place")
    .orderBy("place")
    .offset(Math.max(upTo, 1) - 1)
    .limit(1)
    .executeTakeFirst()
  return last === undefined ? line : line.where("p.slot", "<=", Number(last.place))
}
