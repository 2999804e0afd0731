/**
 * The line kept: every confirmed entry's place by the rule of
 * line-rule.ts, kept in `waitlist_line` as the line changes, so that a
 * place is one indexed read. A confirmation joins the end of the line; a
 * credit moves its referrer past the few entries between its old and new
 * place; a departure (a leave, an erasure) or a credit withdrawn writes
 * the line anew, since it moves everyone behind. Each change holds the
 * line's lock, so instances sharing a store keep one line. The boost the
 * line is kept for is the counter `line_boost`, set at start (keepLineFor);
 * a reader with another boost (an instance started with another
 * REFERRAL_BOOST) walks the line.
 */
import type { Db, On, Tx } from "../db/db"
import { storedTime, toDate } from "../db/schema"
import { places, standsAhead, type InLine } from "./line-rule"

const LINE_LOCK = "waitlist-line"
const BOOST_COUNTER = "line_boost"

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

/** Writes the whole line anew by the rule, for a boost (a walk of the line: at start, and after a departure). */
async function writeLine(trx: Tx, boost: number): Promise<void> {
  await trx.deleteFrom("waitlist_line").execute()
  await trx
    .insertInto("waitlist_line")
    .columns(["entry_id", "arrival", "credited", "last_credit", "line_key", "place"])
    .expression(places(trx, boost))
    .execute()
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
 * Moves a referrer whose referral has just been credited to its new
 * place: past the entries now behind it, which all stood between its new
 * key and its old one (about `boost` of them), each one place back.
 */
export async function creditInLine(db: Db, trx: Tx, referrerId: number): Promise<void> {
  const boost = await lockLine(db, trx)
  if (boost === null) return
  const before = await trx.selectFrom("waitlist_line").selectAll().where("entry_id", "=", referrerId).executeTakeFirst()
  if (!before) return writeLine(trx, boost)
  const tally = await trx
    .selectFrom("waitlist_referrals")
    .select((eb) => [eb.fn.countAll<number>().as("credited"), eb.fn.max("decided_at").as("last_credit")])
    .where("referrer_id", "=", referrerId)
    .where("state", "=", "credited")
    .executeTakeFirstOrThrow()
  const credited = Number(tally.credited)
  const lastCredit = tally.last_credit === null ? null : storedTime(toDate(tally.last_credit))
  const after: InLine = {
    arrival: before.arrival,
    credited,
    last_credit: lastCredit,
    line_key: before.arrival - boost * credited,
  }
  const between = await trx
    .selectFrom("waitlist_line")
    .select(["arrival", "credited", "last_credit", "line_key"])
    .where("place", "<", before.place)
    .where("line_key", ">=", after.line_key)
    .where("line_key", "<=", before.line_key)
    .execute()
  const place = before.place - between.filter((other) => standsAhead(after, other)).length
  await trx
    .updateTable("waitlist_line")
    .set((eb) => ({ place: eb("place", "+", 1) }))
    .where("place", ">=", place)
    .where("place", "<", before.place)
    .execute()
  await trx
    .updateTable("waitlist_line")
    .set({ credited, last_credit: lastCredit, line_key: after.line_key, place })
    .where("entry_id", "=", referrerId)
    .execute()
}

/**
 * Writes the kept line anew after an entry left or was erased, when it was
 * confirmed: everyone behind it moves up, and its referrer may lose a
 * credit. One that never confirmed changes no place.
 */
export async function lineAfterDeparture(db: Db, trx: Tx, departed: { confirmed_at: unknown }): Promise<void> {
  if (departed.confirmed_at === null) return
  await lineWrittenAnew(db, trx)
}

/**
 * Writes the kept line anew, as after a departure: for a credit withdrawn
 * (its friend's address hard-bounced, or the friend complained), which moves
 * its referrer back past whoever now stands ahead.
 */
export async function lineWrittenAnew(db: Db, trx: Tx): Promise<void> {
  const boost = await lockLine(db, trx)
  if (boost === null) return
  await writeLine(trx, boost)
}

/** The whole line (each entry's id, credited referrals and place) as a query to select from: the line kept for this boost, or else walked by the rule. */
export async function lineOf(on: On, boost: number) {
  if ((await keptBoost(on)) === boost)
    return on.selectFrom("waitlist_line as p").select(["p.entry_id", "p.credited", "p.place"])
  return on.selectFrom(places(on, boost).as("p")).select(["p.entry_id", "p.credited", "p.place"])
}
