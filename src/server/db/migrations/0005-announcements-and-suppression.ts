/**
 * Announcements (their text kept as first sent, so a later edit changes no
 * mail of them), one mail per entry and announcement (the key forbids a
 * second), the bounces and complaints counted and the suppressed
 * addresses, by keyed hash, and the key of the bounce addresses' tags.
 */
import { randomBytes } from "crypto"
import { sql, type Kysely } from "kysely"
import type { Database } from "../schema"
import type { Connection } from "../connection"

export function announcementsAndSuppression(dialect: Connection) {
  const { time, bigint, id, autoIncrement } = dialect.columns
  return {
    async up(db: Kysely<Database>) {
      await sql`INSERT INTO waitlist_secrets (name, value) VALUES ('bounce_key', ${randomBytes(32).toString("base64url")})`.execute(
        db,
      )
      await db.schema
        .createTable("waitlist_announcements")
        .addColumn("id", id, (column) => (autoIncrement ? column.primaryKey().autoIncrement() : column.primaryKey()))
        .addColumn("slug", "text", (column) => column.notNull().unique())
        .addColumn("content", "text", (column) => column.notNull())
        .addColumn("state", "text", (column) => column.notNull())
        .addColumn("paused_reason", "text")
        .addColumn("created_at", time, (column) => column.notNull())
        .execute()
      await db.schema
        .createTable("waitlist_announcement_mails")
        .addColumn("announcement_id", bigint, (column) =>
          column.notNull().references("waitlist_announcements.id").onDelete("cascade"),
        )
        .addColumn("entry_id", bigint, (column) => column.notNull())
        .addColumn("lang", "text", (column) => column.notNull())
        .addColumn("delivery_id", bigint, (column) => column.notNull().unique())
        .addColumn("outcome", "text")
        .addColumn("tried_at", time)
        .addColumn("try_failed", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("bounced_at", time)
        .addColumn("complained_at", time)
        .addPrimaryKeyConstraint("waitlist_announcement_mails_one_per_entry", ["announcement_id", "entry_id"])
        .execute()
      await db.schema
        .createIndex("waitlist_announcement_mails_tried")
        .on("waitlist_announcement_mails")
        .columns(["announcement_id", "tried_at"])
        .execute()
      await db.schema
        .createTable("waitlist_bounces")
        .addColumn("delivery_id", bigint, (column) => column.notNull())
        .addColumn("kind", "text", (column) => column.notNull())
        .addColumn("address_hash", "text", (column) => column.notNull())
        .addColumn("detail", "text")
        .addColumn("received_at", time, (column) => column.notNull())
        .addPrimaryKeyConstraint("waitlist_bounces_once", ["delivery_id", "kind"])
        .execute()
      await db.schema
        .createIndex("waitlist_bounces_by_address")
        .on("waitlist_bounces")
        .columns(["address_hash", "received_at"])
        .execute()
      await db.schema
        .createTable("waitlist_suppressions")
        .addColumn("address_hash", "text", (column) => column.primaryKey())
        .addColumn("reason", "text", (column) => column.notNull())
        .addColumn("detail", "text")
        .addColumn("delivery_id", bigint)
        .addColumn("suppressed_at", time, (column) => column.notNull())
        .addColumn("lifted_at", time)
        .execute()
      await db.schema
        .createIndex("waitlist_outbox_due_by_kind")
        .on("waitlist_outbox")
        .columns(["kind", "status", "next_attempt_at", "id"])
        .execute()
    },
  }
}
