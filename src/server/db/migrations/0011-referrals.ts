/**
 * Personal codes (given to every entry already confirmed), the referrals
 * keyed by the person referred (so one is credited once however many
 * instances confirm it), and each send's wave of an announcement.
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
