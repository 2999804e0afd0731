/**
 * The counts of store clicks in the database (table store_clicks, see
 * migration 0010), written once for SQLite and PostgreSQL, and what each
 * client of the day not yet over was counted for (store_click_clients,
 * migration 0015: a keyed hash of the client and its day, forgotten once
 * the day is over). Counts only: never an address, a User-Agent or a
 * referrer.
 */
import { setImmediate } from "timers/promises"
import { sql } from "kysely"
import type { StoreClickStats } from "../../admin-api/visit-stats"
import type { Db } from "../db/db"

/** Clicks of one day and combination of dimensions. */
export type StoreClickCount = StoreClickStats & { day: string }

/** What a day has counted so far, for its caps: the sources, media and campaigns, the combinations (see clickCombination), and the clients it has counted clicks of. */
export type KnownClickValues = {
  source: string[]
  medium: string[]
  campaign: string[]
  combinations: string[]
  clients: number
}

/** The clicks one client (a keyed hash of it and its day) was counted for on its day. */
export type ClientClicks = { day: string; client: string; clicks: number }

/** The key of a combination of a click's dimensions, as a day's caps keep it. */
export const clickCombination = (row: Omit<StoreClickCount, "day" | "clicks">) =>
  JSON.stringify([row.store, row.platform, row.source, row.medium, row.campaign])

/** Rows written by one statement: far under SQLite's 32,766 parameters. */
const ROWS_PER_INSERT = 500
/** The rows of past days' clients one slice deletes: a few milliseconds. */
const ROWS_PER_SLICE = 2000

/**
 * Adds a batch of clicks to the counts in one transaction, with what the
 * batch's clients were counted for, after `admit` has decided, from what
 * the store says each client was counted for already that day, which
 * clicks count (see StoreClickCounter).
 */
export function recordStoreClicks(
  db: Db,
  clients: { day: string; client: string }[],
  admit: (counted: Map<string, number>) => { counts: StoreClickCount[]; clients: ClientClicks[] },
): Promise<void> {
  return db.write(async (trx) => {
    const counted = new Map<string, number>()
    for (const day of new Set(clients.map((one) => one.day))) {
      const ofDay = clients.filter((one) => one.day === day).map((one) => one.client)
      for (let start = 0; start < ofDay.length; start += ROWS_PER_INSERT) {
        const rows = await trx
          .selectFrom("store_click_clients")
          .select(["client", "clicks"])
          .where("day", "=", day)
          .where("client", "in", ofDay.slice(start, start + ROWS_PER_INSERT))
          .execute()
        for (const row of rows) counted.set(`${day}\n${row.client}`, Number(row.clicks))
      }
    }
    const admitted = admit(counted)
    for (let start = 0; start < admitted.counts.length; start += ROWS_PER_INSERT) {
      await trx
        .insertInto("store_clicks")
        .values(admitted.counts.slice(start, start + ROWS_PER_INSERT))
        .onConflict((conflict) =>
          conflict
            .columns(["day", "store", "platform", "source", "medium", "campaign"])
            .doUpdateSet({ clicks: sql`store_clicks.clicks + excluded.clicks` }),
        )
        .execute()
    }
    for (let start = 0; start < admitted.clients.length; start += ROWS_PER_INSERT) {
      await trx
        .insertInto("store_click_clients")
        .values(admitted.clients.slice(start, start + ROWS_PER_INSERT))
        .onConflict((conflict) =>
          conflict
            .columns(["day", "client"])
            .doUpdateSet({ clicks: sql`store_click_clients.clicks + excluded.clicks` }),
        )
        .execute()
    }
  })
}

/** What a day has counted so far under its caps (see KnownClickValues). */
export function knownClickValues(db: Db, day: string): Promise<KnownClickValues> {
  return db.read(async (on) => {
    const rows = await on
      .selectFrom("store_clicks")
      .select(["store", "platform", "source", "medium", "campaign"])
      .where("day", "=", day)
      .execute()
    const clients = await on
      .selectFrom("store_click_clients")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("day", "=", day)
      .executeTakeFirst()
    const distinct = (column: "source" | "medium" | "campaign") => [...new Set(rows.map((row) => row[column]))]
    return {
      source: distinct("source"),
      medium: distinct("medium"),
      campaign: distinct("campaign"),
      combinations: rows.map(clickCombination),
      clients: Number(clients?.n ?? 0),
    }
  })
}

/**
 * Forgets the clients of the days before `today` (their clicks are
 * counted), a slice of ROWS_PER_SLICE at a time in the order of the key,
 * the event loop free between slices.
 */
export async function forgetClickClients(db: Db, today: string): Promise<void> {
  for (;;) {
    const more = await db.write(async (trx) => {
      const last = await trx
        .selectFrom("store_click_clients")
        .select(["day", "client"])
        .where("day", "<", today)
        .orderBy("day")
        .orderBy("client")
        .offset(ROWS_PER_SLICE - 1)
        .limit(1)
        .executeTakeFirst()
      if (!last) return void (await trx.deleteFrom("store_click_clients").where("day", "<", today).execute())
      await trx
        .deleteFrom("store_click_clients")
        .where((eb) => eb(eb.refTuple("day", "client"), "<=", eb.tuple(last.day, last.client)))
        .execute()
      return true
    })
    if (!more) return
    await setImmediate()
  }
}
