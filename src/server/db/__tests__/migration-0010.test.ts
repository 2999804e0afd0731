/**
 * @jest-environment node
 */
import { sql } from "kysely"
import { migratedTo } from "../../../../test/support/migrations-recorded"
import { EVERY_MIGRATION, migrationsRecorded } from "../../../../test/support/migrations-recorded"
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import type { StoreSettings } from "../../settings"
import { recordStoreClicks } from "../../visits/store-click-queries"
import { visitStats } from "../../visits/visit-stats"
import { openDb } from "../db"

const stores = useThrowawayStores("store-clicks-migration-")
const DAY = "2026-11-20"

/** A waitlist as the version before 0010 left it: migrated to 0008, with a day of visits counted. */
async function previousVersion(settings: StoreSettings) {
  const dialect = await migratedTo(settings, "0008-bounces-in-one-place")
  await sql`INSERT INTO visit_views (day, page, language, referrer, utm_source, utm_medium, utm_campaign, views) VALUES (${DAY}, '/', 'en', '', 'poster', '', '', 2)`.execute(
    dialect.kysely,
  )
  await sql`INSERT INTO visit_visitor_counts (day, dimension, value, visitors) VALUES (${DAY}, 'all', '', 1)`.execute(
    dialect.kysely,
  )
  await dialect.close()
}

describe.each([
  { store: "SQLite", settings: stores.sqlite },
  { store: "PostgreSQL", settings: stores.postgres },
])("migration 0010 on a $store waitlist of the version before it", ({ settings }) => {
  it("adds the store clicks' table beside the visits', which keep their counts", async () => {
    const location = await settings()
    await previousVersion(location)
    const db = openDb(location)
    try {
      await recordStoreClicks(db, [], () => ({
        counts: [
          { day: DAY, store: "google", platform: "android", source: "poster", medium: "", campaign: "", clicks: 3 },
        ],
        clients: [],
      }))
      const stats = await visitStats(db, { days: 1, now: new Date(`${DAY}T12:00:00.000Z`), ownHosts: [] })
      expect(stats.days).toEqual([
        {
          date: DAY,
          visitors: 1,
          pageviews: 2,
          contactVisitors: 0,
          signups: 0,
          confirmed: 0,
          appStoreClicks: 0,
          googlePlayClicks: 3,
        },
      ])
      expect(stats.storeClicks).toEqual([
        { store: "google", platform: "android", source: "poster", medium: "", campaign: "", clicks: 3 },
      ])
      expect(await migrationsRecorded(location)).toEqual(EVERY_MIGRATION)
    } finally {
      await db.close()
    }
  })
})
