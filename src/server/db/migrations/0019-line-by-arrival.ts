/**
 * The line kept by arrival (issue 46): a confirmation reads the last
 * arrival in line, and a departure moves up everyone who arrived after it,
 * so both find their rows through an index rather than a walk of the line.
 */
import type { Kysely } from "kysely"
import type { Database } from "../schema"

export const lineByArrival = {
  async up(db: Kysely<Database>) {
    await db.schema.createIndex("waitlist_line_by_arrival").on("waitlist_line").column("arrival").execute()
  },
}
