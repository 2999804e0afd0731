import { sql, type Kysely } from "kysely"
import type { Database } from "../schema"

/** The counter of repeat sign-ups thrown away past MESSAGES_PER_DAY (see plan-deliveries). */
export const repeatsDiscarded = {
  async up(db: Kysely<Database>) {
    await sql`INSERT INTO waitlist_counters (name, value) VALUES ('repeats_discarded', 0)`.execute(db)
  },
}
