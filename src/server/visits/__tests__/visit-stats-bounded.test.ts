/**
 * @jest-environment node
 *
 * The statistics of visits over tables with more values than they show,
 * on SQLite and PostgreSQL: each table its STATS_TOP largest rows and one
 * (other) row with the rest, the period's totals kept.
 */
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import { openDb, type Db } from "../../db/db"
import { sourceKey, OTHER } from "../traffic-source"
import { STATS_TOP } from "../visit-stats-queries"
import { visitStats } from "../visit-stats"

const stores = useThrowawayStores("visit-stats-bounded-")
const DAYS = ["2026-11-19", "2026-11-20"]
const NOW = new Date("2026-11-20T12:00:00.000Z")
/** More values than a table shows, each counted `i + 1` times a day. */
const VALUES = STATS_TOP + 30
const values = Array.from({ length: VALUES }, (_, i) => i)
const sumOf = (rows: number[]) => rows.reduce((n, row) => n + row, 0)
/** What each day counts of a value: 1, 2, ... VALUES. */
const PER_DAY_TOTAL = sumOf(values.map((i) => i + 1))

async function fill(db: Db) {
  await db.write(async (trx) => {
    for (const day of DAYS) {
      await trx
        .insertInto("visit_views")
        .values(
          values.map((i) => ({
            day,
            page: `/p/${i}`,
            language: i % 2 ? "en" : "de",
            referrer: "",
            utm_source: `s${i}`,
            utm_medium: "",
            utm_campaign: "",
            views: i + 1,
          })),
        )
        .execute()
      await trx
        .insertInto("store_clicks")
        .values(
          values.map((i) => ({
            day,
            store: i % 2 ? "apple" : "google",
            platform: "ios",
            source: `s${i}`,
            medium: "",
            campaign: "",
            clicks: i + 1,
          })),
        )
        .execute()
      const source = (i: number) => sourceKey({ source: `s${i}`, medium: "", campaign: "" })
      await trx
        .insertInto("visit_visitor_counts")
        .values([
          { day, dimension: "all", value: "", visitors: PER_DAY_TOTAL },
          ...values.map((i) => ({ day, dimension: "page", value: `/p/${i}`, visitors: i + 1 })),
          ...values.map((i) => ({ day, dimension: "source", value: source(i), visitors: i + 1 })),
        ])
        .execute()
    }
  })
}

describe.each(["sqlite", "postgres"] as const)("the statistics of a period on %s", (kind) => {
  let db: Db
  beforeAll(async () => {
    db = openDb(await stores[kind]())
    await fill(db)
  }, 120_000)
  afterAll(() => db.close())

  it("show the largest pages, sources and store clicks, then one (other) row with the rest, keeping every total", async () => {
    const stats = await visitStats(db, { days: 7, now: NOW, ownHosts: ["localhost"] })
    const periodTotal = DAYS.length * PER_DAY_TOTAL
    // The largest value first, the smallest shown the STATS_TOP-th, then the rest summed.
    const rest = DAYS.length * sumOf(values.slice(0, VALUES - STATS_TOP).map((i) => i + 1))

    expect(stats.pages).toHaveLength(STATS_TOP + 1)
    expect(stats.pages[0]).toEqual({
      page: `/p/${VALUES - 1}`,
      pageviews: DAYS.length * VALUES,
      visitors: DAYS.length * VALUES,
    })
    expect(stats.pages.at(-1)).toEqual({ page: OTHER, pageviews: rest, visitors: rest })
    expect(sumOf(stats.pages.map((row) => row.pageviews))).toBe(periodTotal)

    expect(stats.sources).toHaveLength(STATS_TOP + 1)
    expect(stats.sources[0]).toMatchObject({ source: `s${VALUES - 1}`, visitors: DAYS.length * VALUES })
    expect(stats.sources.at(-1)).toMatchObject({ source: OTHER, visitors: rest })
    expect(sumOf(stats.sources.map((row) => row.visitors))).toBe(periodTotal)
    const clicksOfSources = sumOf(stats.sources.map((row) => row.appStoreClicks + row.googlePlayClicks))
    expect(clicksOfSources).toBe(periodTotal)

    expect(stats.storeClicks).toHaveLength(STATS_TOP + 1)
    expect(stats.storeClicks[0]).toMatchObject({ source: `s${VALUES - 1}`, clicks: DAYS.length * VALUES })
    expect(stats.storeClicks.at(-1)).toMatchObject({ store: OTHER, clicks: rest })
    expect(sumOf(stats.storeClicks.map((row) => row.clicks))).toBe(periodTotal)

    expect(stats.languages.map((row) => row.language).sort()).toEqual(["de", "en"])
    expect(sumOf(stats.languages.map((row) => row.pageviews))).toBe(periodTotal)
  })

  it("count every day of the period whatever the tables hold, each day's totals whole", async () => {
    const stats = await visitStats(db, { days: 7, now: NOW, ownHosts: ["localhost"] })
    expect(stats.days).toHaveLength(7)
    const counted = stats.days.filter((day) => DAYS.includes(day.date))
    for (const day of counted) {
      expect(day).toMatchObject({ visitors: PER_DAY_TOTAL, pageviews: PER_DAY_TOTAL })
      expect(day.appStoreClicks + day.googlePlayClicks).toBe(PER_DAY_TOTAL)
    }
    expect(sumOf(stats.days.map((day) => day.pageviews))).toBe(DAYS.length * PER_DAY_TOTAL)
  })
})
