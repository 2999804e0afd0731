/**
 * The line kept (issue 46): each confirmed entry's place, with what it is
 * computed from (its arrival, its credited referrals and the newest of
 * them, and its key in line), kept up to date as people confirm, are
 * credited, leave and are erased, so that one place is one indexed read.
 * The rows are written when the server starts with the referral boost it
 * is given (see keepLineFor in referrals/line.ts), which this migration
 * cannot know; until then the line is computed as before.
 */
import type { Kysely } from "kysely"
import type { Connection } from "../connection"
import type { Database } from "../schema"

export function placesKept(dialect: Connection) {
  const { time, bigint } = dialect.columns
  return {
    async up(db: Kysely<Database>) {
      await db.schema
        .createTable("waitlist_line")
        .addColumn("entry_id", bigint, (column) =>
          column.primaryKey().references("waitlist_entries.id").onDelete("cascade"),
        )
        .addColumn("arrival", "integer", (column) => column.notNull())
        .addColumn("credited", "integer", (column) => column.notNull())
        .addColumn("last_credit", time)
        .addColumn("line_key", "integer", (column) => column.notNull())
        .addColumn("place", "integer", (column) => column.notNull())
        .execute()
      await db.schema.createIndex("waitlist_line_by_place").on("waitlist_line").column("place").execute()
      await db.schema.createIndex("waitlist_line_by_key").on("waitlist_line").column("line_key").execute()
    },
  }
}
