/**
 * The admin's tables, the privacy policy's version with each message and
 * confirmation, and each entry's search key and source. Rows from before
 * keep no version: a record of consent is what was recorded, never a guess
 * from the lock's dates.
 */
import type { CreateTableBuilder, Kysely } from "kysely"
import type { Database } from "../schema"
import type { Connection } from "../connection"
import { entryAttribution } from "../../../waitlist/entry-attribution"
import { folded } from "../../../waitlist/folded-text"

const BATCH = 500

/** Columns added to existing tables, each in a statement of its own (SQLite adds one at a time). */
const NEW_COLUMNS = {
  waitlist_entries: [
    "name_key",
    "lang",
    "referrer_host",
    "utm_source",
    "utm_medium",
    "utm_campaign",
    "confirmed_policy_lang",
    "confirmed_policy_date",
    "confirmed_policy_sha256",
  ],
  waitlist_messages: ["policy_lang", "policy_date", "policy_sha256"],
} as const

/** Fills the search key and the attribution of the entries written before this migration, a batch at a time. */
async function fillEntries(db: Kysely<Database>) {
  for (let after = 0; ;) {
    const entries = await db
      .selectFrom("waitlist_entries")
      .select(["id", "name"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute()
    if (entries.length === 0) return
    for (const { id, name } of entries) {
      const first = await db
        .selectFrom("waitlist_messages")
        .select("metadata")
        .where("entry_id", "=", id)
        .orderBy("id")
        .limit(1)
        .executeTakeFirst()
      let metadata: Record<string, unknown> = {}
      try {
        const parsed: unknown = JSON.parse(first?.metadata ?? "{}")
        if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed))
          metadata = parsed as Record<string, unknown>
      } catch {
        // Metadata that is not JSON attributes nothing.
      }
      const { lang, referrerHost, utmSource, utmMedium, utmCampaign } = entryAttribution(metadata)
      await db
        .updateTable("waitlist_entries")
        .set({
          name_key: folded(name),
          lang,
          referrer_host: referrerHost,
          utm_source: utmSource,
          utm_medium: utmMedium,
          utm_campaign: utmCampaign,
        })
        .where("id", "=", id)
        .execute()
    }
    after = entries[entries.length - 1]?.id ?? after
  }
}

export function adminAndConsent(dialect: Connection) {
  const { time, bigint, id, autoIncrement } = dialect.columns
  const withId = <T extends string>(table: CreateTableBuilder<T, never>) =>
    table.addColumn("id", id, (column) => (autoIncrement ? column.primaryKey().autoIncrement() : column.primaryKey()))
  return {
    async up(db: Kysely<Database>) {
      for (const [table, columns] of Object.entries(NEW_COLUMNS) as [keyof typeof NEW_COLUMNS, readonly string[]][]) {
        for (const column of columns) await db.schema.alterTable(table).addColumn(column, "text").execute()
      }
      await fillEntries(db)
      await db.schema
        .createIndex("waitlist_entries_by_created")
        .on("waitlist_entries")
        .columns(["created_at", "id"])
        .execute()
      await db.schema
        .createIndex("waitlist_entries_by_confirmed")
        .on("waitlist_entries")
        .column("confirmed_at")
        .execute()

      await db.schema
        .createTable("waitlist_erasures")
        .$call(withId)
        .addColumn("address_hash", "text", (column) => column.notNull())
        .addColumn("erased_at", time, (column) => column.notNull())
        .addColumn("erased_by", "text", (column) => column.notNull())
        .execute()
      await db.schema
        .createIndex("waitlist_erasures_by_address")
        .on("waitlist_erasures")
        .column("address_hash")
        .execute()

      await db.schema
        .createTable("admin_accounts")
        .$call(withId)
        .addColumn("email", "text", (column) => column.notNull())
        .addColumn("email_key", "text", (column) => column.notNull().unique())
        .addColumn("role", "text", (column) => column.notNull())
        .addColumn("password_hash", "text")
        .addColumn("totp_secret", "text")
        .addColumn("totp_pending_secret", "text")
        .addColumn("totp_last_step", bigint)
        .addColumn("invite_token_hash", "text", (column) => column.unique())
        .addColumn("invite_expires_at", time)
        .addColumn("created_at", time, (column) => column.notNull())
        .addColumn("activated_at", time)
        .addColumn("revoked_at", time)
        .execute()
      await db.schema
        .createTable("admin_sessions")
        .addColumn("token_hash", "text", (column) => column.primaryKey())
        .addColumn("account_id", bigint, (column) =>
          column.notNull().references("admin_accounts.id").onDelete("cascade"),
        )
        .addColumn("created_at", time, (column) => column.notNull())
        .addColumn("last_seen_at", time, (column) => column.notNull())
        .addColumn("expires_at", time, (column) => column.notNull())
        .execute()
      await db.schema.createIndex("admin_sessions_by_account").on("admin_sessions").column("account_id").execute()
      await db.schema
        .createTable("admin_login_failures")
        .addColumn("subject", "text", (column) => column.notNull())
        .addColumn("at", bigint, (column) => column.notNull())
        .execute()
      await db.schema
        .createIndex("admin_login_failures_by_subject")
        .on("admin_login_failures")
        .columns(["subject", "at"])
        .execute()
      await db.schema.createIndex("admin_login_failures_by_time").on("admin_login_failures").column("at").execute()
      await db.schema
        .createTable("admin_audit")
        .$call(withId)
        .addColumn("at", time, (column) => column.notNull())
        .addColumn("action", "text", (column) => column.notNull())
        .addColumn("account_id", bigint)
        .addColumn("actor", "text", (column) => column.notNull())
        .addColumn("subject_hash", "text")
        .addColumn("detail", "text")
        .addColumn("ip", "text")
        .addColumn("ip_hash", "text")
        .execute()
      await db.schema.createIndex("admin_audit_by_time").on("admin_audit").columns(["at", "id"]).execute()
      await db.schema.createIndex("admin_audit_by_subject").on("admin_audit").column("subject_hash").execute()
    },
  }
}
