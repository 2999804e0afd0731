/**
 * The line's gaps (issue 46): a departure leaves its arrival and place
 * behind as a gap rather than moving up everyone behind it, and a place is
 * its stored place less the gaps ahead of it (referrals/line.ts). Each gap
 * keeps how many gaps lie at or before it by arrival and by place, so that
 * what lies ahead of a row is one indexed read of the last gap before it.
 * Credited entries get an index of their own: a departure looks for those
 * whose key now meets an earlier arrival's among them only.
 */
import { sql, type Kysely } from "kysely"
import type { Database } from "../schema"

export const lineGaps = {
  async up(db: Kysely<Database>) {
    await db.schema
      .createTable("waitlist_line_gaps")
      .addColumn("arrival", "integer", (column) => column.primaryKey())
      .addColumn("place", "integer", (column) => column.notNull())
      .addColumn("arrivals_gone", "integer", (column) => column.notNull())
      .addColumn("places_gone", "integer", (column) => column.notNull())
      .execute()
    await db.schema.createIndex("waitlist_line_gaps_by_place").on("waitlist_line_gaps").column("place").execute()
    await db.schema
      .createIndex("waitlist_line_credited_by_key")
      .on("waitlist_line")
      .column("line_key")
      .where(sql.ref("credited"), ">", 0)
      .execute()
  },
}
