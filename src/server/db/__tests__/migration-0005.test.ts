/**
 * @jest-environment node
 */
import { Migrator } from "kysely"
import { EVERY_MIGRATION, migrationsRecorded } from "../../../../test/support/migrations-recorded"
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import type { StoreSettings } from "../../settings"
import { connect } from "../db"
import { waitlistMigrations } from "../migrations"
import { claimed, tagOf } from "../../../../test/support/outbox-access"
import { openDb } from "../db"
import { listEntries } from "../../entries/entry-list"
import { countBounce } from "../../bounces/suppressions"
import { queueAnnouncement } from "../../announcements/announcement-queries"
import { personRecord } from "../../people/people-queries"

const stores = useThrowawayStores("migration-0005-")

const T = "2026-11-20T10:00:00.000Z"

/**
 * A waitlist as a version before migration 0005 wrote it: its schema (0001
 * to 0004, and 0006 with `withAdmin`: the admin was released first), a
 * confirmed entry and its pending confirmation mail.
 */
async function writtenByTheVersionBefore(settings: StoreSettings, withAdmin = false) {
  const dialect = connect(settings)
  const all = waitlistMigrations(dialect)
  const before = Object.fromEntries(
    Object.entries(all).filter(([name]) => name < "0005" || (withAdmin && name === "0006-admin-and-consent")),
  )
  const { error } = await new Migrator({
    db: dialect.kysely,
    provider: { getMigrations: async () => before },
  }).migrateToLatest()
  if (error) throw error
  const entry = await dialect.kysely
    .insertInto("waitlist_entries")
    .values({
      name: "Ana",
      email: "ana@example.org",
      email_key: "ana@example.org",
      created_at: T,
      updated_at: T,
      confirmed_at: T,
      confirm_token_hash: null,
      confirm_expires_at: null,
      last_confirm_mail_at: T,
    })
    .returning("id")
    .executeTakeFirstOrThrow()
  await dialect.kysely
    .insertInto("waitlist_messages")
    .values({
      entry_id: entry.id,
      name: "Ana",
      message: "Hola",
      metadata: JSON.stringify({ locale: "es" }),
      submitted_at: T,
    })
    .execute()
  await dialect.kysely
    .insertInto("waitlist_outbox")
    .values({
      entry_id: entry.id,
      kind: "confirm",
      recipient: "ana@example.org",
      payload: "{}",
      next_attempt_at: T,
      created_at: T,
    })
    .execute()
  await dialect.close()
}

describe.each([
  { name: "SQLite", settings: stores.sqlite },
  { name: "PostgreSQL", settings: stores.postgres },
])("migration 0005 on a $name waitlist of the version before it", ({ settings }) => {
  it.each([
    ["the version before it", false],
    ["the admin's version, which has 0006 and not 0005", true],
  ])(
    "on a waitlist of %s, keeps every entry and pending mail, which is then claimed with its tag, and the waitlist can send announcements and count bounces",
    async (_version, withAdmin) => {
      const where = await settings()
      await writtenByTheVersionBefore(where, withAdmin)
      const store = openDb(where)
      try {
        expect(
          (await listEntries(store)).map((entry) => [entry.email, entry.suppressedAt, entry.suppressedReason]),
        ).toEqual([["ana@example.org", null, null]])
        const [pending] = await claimed(store, new Date(), 60_000, 10, "mail")
        expect(pending).toMatchObject({ kind: "confirm", recipient: "ana@example.org" })
        expect(await tagOf(store, pending?.id ?? 0)).toMatch(/^[0-9a-f]{32}$/)
        const content = {
          en: { subject: "Hi", preheader: "", body: "Hi {{name}}" },
          es: { subject: "Hola", preheader: "", body: "Hola {{name}}" },
        }
        const sent = await queueAnnouncement(
          store,
          "launch",
          content,
          () => ({ lang: "es", leaveTokenKey: "k", payload: "{}" }),
          new Date(),
        )
        expect(sent.queued).toEqual({ es: 1 })
        expect(await countBounce(store, pending?.id ?? 0, "hard", "status 5.1.1", new Date())).toMatchObject({
          counted: true,
          suppressed: "hard bounce",
        })
        expect((await personRecord(store, "ana@example.org"))?.suppression).toMatchObject({ reason: "hard bounce" })
        expect(await migrationsRecorded(where)).toEqual(EVERY_MIGRATION)
      } finally {
        await store.close()
      }
    },
    60_000,
  )
})
