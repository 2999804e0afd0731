/**
 * The baseline: the schema of the version before migrations were Kysely's
 * (its "schema 4", commit c2f33d8), created in a new database, or taken
 * over as it is from a database that version wrote.
 */
import { sql, type CreateTableBuilder, type Kysely } from "kysely"
import type { Database } from "../schema"
import type { Connection } from "../connection"

/** Raised for a database written by a version too old to take over (schemas 1 to 3): the message says what to do. */
export class OlderSchemaError extends Error {}

export function baseline(dialect: Connection) {
  const { time, bigint, id, autoIncrement, keyOrdered } = dialect.columns
  const withId = <T extends string>(table: CreateTableBuilder<T, never>) =>
    table.addColumn("id", id, (column) => (autoIncrement ? column.primaryKey().autoIncrement() : column.primaryKey()))
  const entryId = <T extends string>(table: CreateTableBuilder<T, never>) =>
    table.addColumn("entry_id", bigint, (column) =>
      column.notNull().references("waitlist_entries.id").onDelete("cascade"),
    )

  return {
    async up(db: Kysely<Database>) {
      const legacy = await dialect.legacySchemaVersion(db)
      if (legacy === 4) return dialect.forgetLegacySchemaVersion(db)
      if (legacy !== 0) {
        throw new OlderSchemaError(
          `this waitlist holds schema ${legacy} of a version of the site older than c2f33d8, which this one cannot take over: ` +
            "open it once with version c2f33d8 (it brings the schema to 4), then with this one",
        )
      }
      await db.schema
        .createTable("waitlist_entries")
        .$call(withId)
        .addColumn("name", "text", (column) => column.notNull())
        .addColumn("email", "text", (column) => column.notNull())
        .addColumn("email_key", "text", (column) => column.notNull().unique())
        .addColumn("created_at", time, (column) => column.notNull())
        .addColumn("updated_at", time, (column) => column.notNull())
        .addColumn("confirmed_at", time)
        .addColumn("confirm_token_hash", "text", (column) => column.unique())
        .addColumn("confirm_expires_at", time)
        .addColumn("confirm_mails_sent", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("last_confirm_mail_at", time)
        .execute()
      await db.schema
        .createTable("waitlist_messages")
        .$call(withId)
        .$call(entryId)
        .addColumn("name", "text", (column) => column.notNull())
        .addColumn("message", "text", (column) => column.notNull())
        .addColumn("metadata", "text", (column) => column.notNull())
        .addColumn("submitted_at", time, (column) => column.notNull())
        .execute()
      await db.schema
        .createIndex("waitlist_messages_by_entry")
        .on("waitlist_messages")
        .columns(["entry_id", "id"])
        .execute()
      await db.schema
        .createTable("waitlist_counters")
        .addColumn("name", "text", (column) => column.primaryKey())
        .addColumn("value", bigint, (column) => column.notNull())
        .execute()
      await sql`INSERT INTO waitlist_counters (name, value) VALUES ('bots_discarded', 0)`.execute(db)
      // Keys begin with the time (see linkTokenKey): stored in key order, new ones go to the end of the table.
      await db.schema
        .createTable("waitlist_leave_tokens")
        .addColumn("token_hash", "text", (column) => column.primaryKey())
        .$call(entryId)
        .$call((table) => (keyOrdered ? table.modifyEnd(sql`WITHOUT ROWID`) : table))
        .execute()
      await db.schema
        .createIndex("waitlist_leave_tokens_by_entry")
        .on("waitlist_leave_tokens")
        .column("entry_id")
        .execute()
      await db.schema
        .createTable("waitlist_outbox")
        .$call(withId)
        .$call(entryId)
        .addColumn("kind", "text", (column) => column.notNull())
        .addColumn("recipient", "text", (column) => column.notNull())
        .addColumn("payload", "text", (column) => column.notNull())
        .addColumn("status", "text", (column) => column.notNull().defaultTo("pending"))
        .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("next_attempt_at", time, (column) => column.notNull())
        .addColumn("lease_until", time)
        .addColumn("last_error", "text")
        .addColumn("created_at", time, (column) => column.notNull())
        .addColumn("sent_at", time)
        .addColumn("message_id", bigint)
        .execute()
      await db.schema
        .createIndex("waitlist_outbox_due")
        .on("waitlist_outbox")
        .columns(["status", "next_attempt_at"])
        .execute()
      await db.schema.createIndex("waitlist_outbox_by_entry").on("waitlist_outbox").column("entry_id").execute()
      await db.schema
        .createTable("waitlist_rate_events")
        .addColumn("client", "text", (column) => column.notNull())
        .addColumn("at", bigint, (column) => column.notNull())
        .execute()
      await db.schema
        .createIndex("waitlist_rate_events_by_client")
        .on("waitlist_rate_events")
        .columns(["client", "at"])
        .execute()
    },
  }
}
