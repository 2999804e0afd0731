/**
 * @jest-environment node
 */
import { sql } from "kysely"
import { migratedTo } from "../../../../test/support/migrations-recorded"
import { EVERY_MIGRATION, migrationsRecorded } from "../../../../test/support/migrations-recorded"
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import { announcementProgressOf } from "../../announcements/announcement-queries"
import { personRecord } from "../../people/people-queries"
import type { StoreSettings } from "../../settings"
import { openDb } from "../db"

const stores = useThrowawayStores("bounce-migration-")

const SENT = "2026-11-20T09:00:00.000Z"
const BOUNCED = "2026-11-20T09:05:00.000Z"
const COMPLAINED = "2026-11-21T10:00:00.000Z"

/**
 * A waitlist as the version before 0008 left it: two people mailed an
 * announcement, one mail bounced and the other drew a complaint, each
 * recorded both in the mail's own columns and as a row of the bounces.
 */
async function previousVersion(settings: StoreSettings) {
  const dialect = await migratedTo(settings, "0007-visit-counts")
  const db = dialect.kysely
  for (const [id, name, address] of [
    [1, "Ana", "ana@example.com"],
    [2, "Ben", "ben@example.com"],
  ] as const) {
    await sql`INSERT INTO waitlist_entries (id, name, email, email_key, created_at, updated_at, confirmed_at) VALUES (${id}, ${name}, ${address}, ${address}, ${SENT}, ${SENT}, ${SENT})`.execute(
      db,
    )
    await sql`INSERT INTO waitlist_outbox (id, entry_id, kind, recipient, payload, status, attempts, next_attempt_at, created_at, sent_at) VALUES (${id}, ${id}, 'announcement', ${address}, '{}', 'sent', 1, ${SENT}, ${SENT}, ${SENT})`.execute(
      db,
    )
  }
  await sql`INSERT INTO waitlist_announcements (id, slug, content, state, created_at) VALUES (1, 'launch', '{}', 'done', ${SENT})`.execute(
    db,
  )
  await sql`INSERT INTO waitlist_announcement_mails (announcement_id, entry_id, lang, delivery_id, outcome, tried_at, bounced_at) VALUES (1, 1, 'en', 1, 'sent', ${SENT}, ${BOUNCED})`.execute(
    db,
  )
  await sql`INSERT INTO waitlist_announcement_mails (announcement_id, entry_id, lang, delivery_id, outcome, tried_at, complained_at) VALUES (1, 2, 'en', 2, 'sent', ${SENT}, ${COMPLAINED})`.execute(
    db,
  )
  await sql`INSERT INTO waitlist_bounces (delivery_id, kind, address_hash, detail, received_at) VALUES (1, 'hard', 'h1', '550 no such user', ${BOUNCED})`.execute(
    db,
  )
  await sql`INSERT INTO waitlist_bounces (delivery_id, kind, address_hash, detail, received_at) VALUES (2, 'complaint', 'h2', null, ${COMPLAINED})`.execute(
    db,
  )
  await dialect.close()
}

describe.each([
  { store: "SQLite", settings: stores.sqlite },
  { store: "PostgreSQL", settings: stores.postgres },
])("migration 0008 on a $store waitlist of the version before it", ({ settings }) => {
  it("still tells of each bounce and complaint, from the bounces, once the mail's own columns are gone", async () => {
    const location = await settings()
    await previousVersion(location)
    const db = openDb(location)
    try {
      const [progress] = await announcementProgressOf(db, "launch")
      expect(progress?.languages).toEqual([
        expect.objectContaining({ lang: "en", queued: 2, sent: 2, bounced: 1, complained: 1 }),
      ])
      expect((await personRecord(db, "ana@example.com"))?.announcementMails).toEqual([
        expect.objectContaining({ slug: "launch", bouncedAt: new Date(BOUNCED), complainedAt: null }),
      ])
      expect((await personRecord(db, "ben@example.com"))?.announcementMails).toEqual([
        expect.objectContaining({ slug: "launch", bouncedAt: null, complainedAt: new Date(COMPLAINED) }),
      ])
      expect(await migrationsRecorded(location)).toEqual(EVERY_MIGRATION)
    } finally {
      await db.close()
    }
  })
})
