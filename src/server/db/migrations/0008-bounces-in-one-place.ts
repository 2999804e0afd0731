/**
 * A mail of an announcement no longer keeps when it bounced or drew a
 * complaint: every such report is a row of waitlist_bounces, recorded in
 * the same transaction as these columns always were, and is read from
 * there (see announcement-queries.ts and people-queries.ts).
 */
import type { Kysely } from "kysely"
import type { Database } from "../schema"

export const bouncesInOnePlace = {
  async up(db: Kysely<Database>) {
    await db.schema.alterTable("waitlist_announcement_mails").dropColumn("bounced_at").execute()
    await db.schema.alterTable("waitlist_announcement_mails").dropColumn("complained_at").execute()
  },
}
