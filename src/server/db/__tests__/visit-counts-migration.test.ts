/**
 * @jest-environment node
 */
import { sql } from "kysely"
import { migratedTo } from "../../../../test/support/migrations-recorded"
import { EVERY_MIGRATION, migrationsRecorded } from "../../../../test/support/migrations-recorded"
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import type { StoreSettings } from "../../settings"
import { visitStats } from "../../visits/visit-stats"
import { openDb } from "../db"
import { recordVisits } from "../../visits/visit-queries"
import { countEntries } from "../../entries/entry-list"

const stores = useThrowawayStores("visit-migration-")

/** A waitlist as the version before 0007 left it: migrated to 0006, with an entry and its message. */
async function previousVersion(settings: StoreSettings) {
  const dialect = await migratedTo(settings, "0006-admin-and-consent")
  const at = "2026-11-20T09:00:00.000Z"
  await sql`INSERT INTO waitlist_entries (name, email, email_key, created_at, updated_at, utm_source) VALUES ('Ana', 'ana@example.com', 'ana@example.com', ${at}, ${at}, 'newsletter')`.execute(
    dialect.kysely,
  )
  await sql`INSERT INTO waitlist_messages (entry_id, name, message, metadata, submitted_at) SELECT id, 'Ana', 'Hola', '{"utm":{"utm_source":"newsletter"}}', ${at} FROM waitlist_entries`.execute(
    dialect.kysely,
  )
  await dialect.close()
}

describe.each([
  { store: "SQLite", settings: stores.sqlite },
  { store: "PostgreSQL", settings: stores.postgres },
])("migration 0007 on a $store waitlist of the version before it", ({ settings }) => {
  it("adds the tables of visits, keeps every entry, and counts the old sign-ups in the funnel", async () => {
    const location = await settings()
    await previousVersion(location)
    const store = openDb(location)
    try {
      expect(await countEntries(store)).toBe(1)
      await recordVisits(
        store,
        [
          {
            day: "2026-11-20",
            page: "/",
            language: "en",
            referrer: "",
            utmSource: "newsletter",
            utmMedium: "",
            utmCampaign: "",
            views: 2,
          },
        ],
        [{ day: "2026-11-20", dimension: "all", value: "", visitor: "v" }],
      )
      const stats = await visitStats(store, { days: 1, now: new Date("2026-11-20T12:00:00.000Z"), ownHosts: [] })
      expect(stats.days).toEqual([
        {
          date: "2026-11-20",
          visitors: 1,
          pageviews: 2,
          contactVisitors: 0,
          signups: 1,
          confirmed: 0,
          appStoreClicks: 0,
          googlePlayClicks: 0,
        },
      ])
      expect(stats.sources).toEqual([
        {
          source: "newsletter",
          medium: "",
          campaign: "",
          visitors: 0,
          contactVisitors: 0,
          signups: 1,
          confirmed: 0,
          appStoreClicks: 0,
          googlePlayClicks: 0,
        },
      ])
      expect(await migrationsRecorded(location)).toEqual(EVERY_MIGRATION)
    } finally {
      await store.close()
    }
  })
})
