/**
 * The counts of store clicks in the database (table store_clicks, see
 * migration 0010), written once for SQLite and PostgreSQL. Counts only:
 * never an address, a User-Agent or a referrer.
 */
import { sql } from "kysely"
import type { StoreClickStats } from "../../admin-api/visit-stats"
import type { Db } from "../db/db"

/** Clicks of one day and combination of dimensions. */
export type StoreClickCount = StoreClickStats & { day: string }

/** The sources, media and campaigns a day has counted so far, for the daily caps. */
export type KnownClickValues = { source: string[]; medium: string[]; campaign: string[] }

/** Rows written by one statement: far under SQLite's 32,766 parameters. */
const ROWS_PER_INSERT = 500

/** Adds a batch of clicks to the counts, in one transaction. */
export function recordStoreClicks(db: Db, counts: StoreClickCount[]): Promise<void> {
  return db.write(async (trx) => {
    for (let start = 0; start < counts.length; start += ROWS_PER_INSERT) {
      await trx
        .insertInto("store_clicks")
        .values(counts.slice(start, start + ROWS_PER_INSERT))
        .onConflict((conflict) =>
          conflict
            .columns(["day", "store", "platform", "source", "medium", "campaign"])
            .doUpdateSet({ clicks: sql`store_clicks.clicks + excluded.clicks` }),
        )
        .execute()
    }
  })
}

/** The values a day has counted so far under each capped dimension. */
export function knownClickValues(db: Db, day: string): Promise<KnownClickValues> {
  return db.read(async (on) => {
    const distinct = async (column: "source" | "medium" | "campaign") =>
      (await on.selectFrom("store_clicks").select(column).distinct().where("day", "=", day).execute()).map(
        (row) => row[column],
      )
    return { source: await distinct("source"), medium: await distinct("medium"), campaign: await distinct("campaign") }
  })
}

/** The clicks of the days from `first` to `last` (inclusive). */
export function storeClicksBetween(db: Db, first: string, last: string): Promise<StoreClickCount[]> {
  return db.read(async (on) => {
    const rows = await on
      .selectFrom("store_clicks")
      .selectAll()
      .where("day", ">=", first)
      .where("day", "<=", last)
      .execute()
    return rows.map((row) => ({ ...row, clicks: Number(row.clicks) }))
  })
}
