/**
 * A place in line and personal links (issue 35):
 *
 * - `waitlist_entries.referral_code`: the personal code of a confirmed
 *   entry (the `/r/<code>` of its link), unique; every entry confirmed
 *   before this migration gets one here.
 * - `waitlist_referrals`: one row per person who signed up through a
 *   personal link, keyed by that person's entry, so that a referral is
 *   recorded, and credited, at most once however many instances confirm
 *   it at the same time. It keeps its referrer, a keyed hash of the client
 *   it came from (never the address), where it stands (pending, credited,
 *   held for review, refused) and when that was decided; it goes with
 *   either entry.
 * - `waitlist_announcement_waves`: each send of an announcement, with the
 *   wave it was narrowed to (the first N in line, a language, a platform)
 *   and the mails it queued, which the announcement's status lists.
 */
import type { Kysely } from "kysely"
import type { Database } from "../schema"
import type { Connection } from "../connection"
import { newReferralCode } from "../../../waitlist/referral-code"

export function referrals(dialect: Connection) {
  const { time, bigint, id, autoIncrement } = dialect.columns
  return {
    async up(db: Kysely<Database>) {
      await db.schema.alterTable("waitlist_entries").addColumn("referral_code", "text").execute()
      await db.schema
        .createIndex("waitlist_entries_referral_code")
        .unique()
        .on("waitlist_entries")
        .column("referral_code")
        .execute()
      await db.schema
        .createTable("waitlist_referrals")
        .addColumn("referred_id", bigint, (column) =>
          column.primaryKey().references("waitlist_entries.id").onDelete("cascade"),
        )
        .addColumn("referrer_id", bigint, (column) =>
          column.notNull().references("waitlist_entries.id").onDelete("cascade"),
        )
        .addColumn("client_hash", "text", (column) => column.notNull())
        .addColumn("state", "text", (column) => column.notNull())
        .addColumn("created_at", time, (column) => column.notNull())
        .addColumn("decided_at", time)
        .execute()
      await db.schema
        .createIndex("waitlist_referrals_by_referrer")
        .on("waitlist_referrals")
        .columns(["referrer_id", "state", "decided_at"])
        .execute()
      await db.schema
        .createTable("waitlist_announcement_waves")
        .addColumn("id", id, (column) => (autoIncrement ? column.primaryKey().autoIncrement() : column.primaryKey()))
        .addColumn("announcement_id", bigint, (column) =>
          column.notNull().references("waitlist_announcements.id").onDelete("cascade"),
        )
        .addColumn("sent_at", time, (column) => column.notNull())
        .addColumn("first_places", "integer")
        .addColumn("lang", "text")
        .addColumn("platform", "text")
        .addColumn("queued", "integer", (column) => column.notNull())
        .execute()
      await db.schema
        .createIndex("waitlist_announcement_waves_of")
        .on("waitlist_announcement_waves")
        .column("announcement_id")
        .execute()
      const confirmed = await db
        .selectFrom("waitlist_entries")
        .select("id")
        .where("confirmed_at", "is not", null)
        .execute()
      for (const entry of confirmed)
        await db
          .updateTable("waitlist_entries")
          .set({ referral_code: newReferralCode() })
          .where("id", "=", entry.id)
          .execute()
    },
  }
}
