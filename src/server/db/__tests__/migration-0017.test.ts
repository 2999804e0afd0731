/**
 * @jest-environment node
 */
import { sql } from "kysely"
import { migratedTo } from "../../../../test/support/migrations-recorded"
import { EVERY_MIGRATION, migrationsRecorded } from "../../../../test/support/migrations-recorded"
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import type { StoreSettings } from "../../settings"
import { connect, openDb, type Db } from "../db"
import { MAX_COMBINATIONS } from "../migrations/0017-days-within-their-caps"

const stores = useThrowawayStores("days-within-caps-migration-")

const FULL_DAY = "2026-11-19"
const SMALL_DAY = "2026-11-20"
/** Store clicks and page views of the full day, each a combination of its own, as a version without their caps could leave. */
const ROWS = MAX_COMBINATIONS + 500

/** A waitlist as the version before 0017 left it: a day of ROWS store-click and page-view rows, and a small day. */
async function previousVersion(settings: StoreSettings) {
  const dialect = await migratedTo(settings, "0015-bounded-and-secret-free")
  const on = dialect.kysely
  for (let from = 0; from < ROWS; from += 500) {
    const ids = Array.from({ length: Math.min(500, ROWS - from) }, (_, i) => from + i)
    await on
      .insertInto("store_clicks")
      .values(
        ids.map((i) => ({
          day: FULL_DAY,
          store: i % 2 ? "apple" : "google",
          platform: i % 3 ? "ios" : "android",
          source: `s${i}`,
          medium: "",
          campaign: `c${i}`,
          clicks: i + 1,
        })),
      )
      .execute()
    await on
      .insertInto("visit_views")
      .values(
        ids.map((i) => ({
          day: FULL_DAY,
          page: `/p/${i % 300}`,
          language: i % 2 ? "en" : "ja",
          referrer: "",
          utm_source: `s${i}`,
          utm_medium: "",
          utm_campaign: "",
          views: i + 1,
        })),
      )
      .execute()
  }
  await sql`INSERT INTO store_clicks (day, store, platform, source, medium, campaign, clicks) VALUES (${SMALL_DAY}, 'apple', 'ios', 'poster', '', '', 3)`.execute(
    on,
  )
  await dialect.close()
}

/** A table's rows and the sum of its count, per day and (for clicks) store and platform, or language. */
async function figures(read: Db["read"]) {
  return read(async (on) => ({
    clicks: await on
      .selectFrom("store_clicks")
      .select(["day", "store", "platform", (eb) => eb.fn.countAll().as("rows"), (eb) => eb.fn.sum("clicks").as("n")])
      .groupBy(["day", "store", "platform"])
      .orderBy("day")
      .orderBy("store")
      .orderBy("platform")
      .execute(),
    views: await on
      .selectFrom("visit_views")
      .select(["day", "language", (eb) => eb.fn.countAll().as("rows"), (eb) => eb.fn.sum("views").as("n")])
      .groupBy(["day", "language"])
      .orderBy("day")
      .orderBy("language")
      .execute(),
  }))
}

const sums = (rows: { n: unknown }[]) => rows.map((row) => Number(row.n))
const rowsOf = (rows: { rows: unknown }[]) => rows.reduce((n, row) => n + Number(row.rows), 0)

describe.each([
  { store: "SQLite", settings: stores.sqlite },
  { store: "PostgreSQL", settings: stores.postgres },
])("migration 0017 on a $store waitlist of the version before it", ({ settings }) => {
  it("keeps a full day's largest rows and sums the rest as (other) per store and platform or language, every total kept", async () => {
    const location = await settings()
    await previousVersion(location)
    const before = connect(location)
    const old = await figures((work) => work(before.kysely))
    await before.close()

    const db = openDb(location)
    try {
      const now = await figures(db.read)
      // Each total of a day, store and platform (or language) is what it was.
      expect(sums(now.clicks)).toEqual(sums(old.clicks))
      expect(sums(now.views)).toEqual(sums(old.views))
      // The full day: its MAX_COMBINATIONS largest rows, and one (other) row per store and platform, or language.
      const ofDay = <T extends { day: string }>(rows: T[], day: string) => rows.filter((row) => row.day === day)
      expect(rowsOf(ofDay(now.clicks, FULL_DAY))).toBe(MAX_COMBINATIONS + 4)
      expect(rowsOf(ofDay(now.views, FULL_DAY))).toBe(MAX_COMBINATIONS + 2)
      const kept = await db.read((on) =>
        on.selectFrom("store_clicks").select(["source", "clicks"]).where("day", "=", FULL_DAY).execute(),
      )
      expect(kept.some((row) => row.source === `s${ROWS - 1}`)).toBe(true)
      expect(kept.some((row) => row.source === "s0")).toBe(false)
      expect(kept.filter((row) => row.source === "(other)")).toHaveLength(4)
      // A day within its caps is left as it was.
      expect(ofDay(now.clicks, SMALL_DAY).map((row) => [row.store, Number(row.rows), Number(row.n)])).toEqual([
        ["apple", 1, 3],
      ])
      expect(await migrationsRecorded(location)).toEqual(EVERY_MIGRATION)
    } finally {
      await db.close()
    }
  }, 120_000)
})

describe("migration 0017 on a PostgreSQL waitlist of the version before it", () => {
  const pages = (read: Db["read"]) =>
    read(async (on) =>
      Number(
        (await sql<{ bytes: string }>`SELECT pg_relation_size('store_clicks') AS bytes`.execute(on)).rows[0]?.bytes,
      ),
    )

  it("leaves the folded table smaller than before, not holding the deleted rows beside the ones written back", async () => {
    const location = await stores.postgres()
    await previousVersion(location)
    const before = connect(location)
    const bytesBefore = await pages((work) => work(before.kysely))
    await before.close()

    const db = openDb(location)
    try {
      // A fifth of the rows were folded away: kept in place, the pages would hold every deleted row and the rows written back.
      expect(await pages(db.read)).toBeLessThan(bytesBefore)
    } finally {
      await db.close()
    }
  }, 120_000)
})
