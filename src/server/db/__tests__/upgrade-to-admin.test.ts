/**
 * @jest-environment node
 */
import { Migrator } from "kysely"
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import type { StoreSettings } from "../../settings"
import { connect } from "../db"
import { waitlistMigrations } from "../migrations"
import { openDb } from "../db"
import { listEntries } from "../../entries/entry-list"
import { personRecord, searchEntries } from "../../people/people-queries"

const stores = useThrowawayStores("waitlist-upgrade-0006-")

/**
 * A waitlist as the version before migration 0006 leaves it: its schema
 * migrated to 0004 by that version's migrations, and an entry with two
 * messages written in its columns.
 */
async function waitlistBeforeAdmin(settings: StoreSettings) {
  const dialect = connect(settings)
  const earlier = Object.fromEntries(Object.entries(waitlistMigrations(dialect)).filter(([name]) => name < "0005"))
  const { error } = await new Migrator({
    db: dialect.kysely,
    provider: { getMigrations: async () => earlier },
  }).migrateToLatest()
  if (error) throw error
  const at = "2026-10-01T08:00:00.000Z"
  const { id } = await dialect.kysely
    .insertInto("waitlist_entries")
    .values({
      name: "ÉVA <b>Kovács</b>",
      email: "Eva@example.com",
      email_key: "eva@example.com",
      created_at: at,
      updated_at: at,
      confirmed_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow()
  const metadata = (locale: string, referrer: string | null, utm: Record<string, string>) =>
    JSON.stringify({ locale, referrer, utm })
  await dialect.kysely
    .insertInto("waitlist_messages")
    .values([
      {
        entry_id: id,
        name: "ÉVA <b>Kovács</b>",
        message: "first",
        metadata: metadata("de", "https://News.example.org/post?id=1", {
          utm_source: "newsletter",
          utm_campaign: "autumn",
        }),
        submitted_at: at,
      },
      {
        entry_id: id,
        name: "Eva",
        message: "second",
        metadata: metadata("fr", null, {}),
        submitted_at: "2026-10-02T08:00:00.000Z",
      },
    ])
    .execute()
  await dialect.close()
}

describe.each(["sqlite", "postgres"] as const)(
  "a waitlist of the version before the admin, on %s, opened by this version",
  (kind) => {
    it("keeps every entry and message, derives each entry's search key and first sign-up's source, and records its consent as unknown", async () => {
      const settings = await stores[kind]()
      await waitlistBeforeAdmin(settings)
      const store = openDb(settings)
      try {
        const [entry] = await listEntries(store)
        expect(entry?.messages.map((message) => message.message)).toEqual(["second", "first"])
        const person = await personRecord(store, "EVA@example.com")
        expect(person?.entry).toMatchObject({
          name: "ÉVA <b>Kovács</b>",
          confirmedPolicy: null,
          lang: "de",
          source: { referrerHost: "news.example.org", utmSource: "newsletter", utmMedium: null, utmCampaign: "autumn" },
        })
        expect(person?.messages.map((message) => message.policy)).toEqual([null, null])
        const found = await searchEntries(store, "éva <B>", 1, 25)
        expect(found.items.map((item) => item.email)).toEqual(["Eva@example.com"])
      } finally {
        await store.close()
      }
    })
  },
)
