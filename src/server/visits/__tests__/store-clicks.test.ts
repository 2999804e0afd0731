/**
 * @jest-environment node
 *
 * The counter of store clicks on a real store, SQLite and PostgreSQL: what
 * it counts, the daily caps, the bound on memory, and an outage that loses
 * only its own counts. (The clicks of real requests to the production
 * server are in get-link's store-clicks.*.build.test.ts.)
 */
import fs from "fs"
import os from "os"
import path from "path"
import type { IncomingMessage } from "http"
import { capturedLogger } from "../../../../test/support/test-logger"
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import { ANDROID_PHONE, IPHONE } from "../../../../test/support/device-user-agents"
import { openDb, type Db } from "../../db/db"
import { createMetrics } from "../../observability/metrics"
import type { StoreSettings } from "../../settings"
import { DAILY_CAP, MAX_VIEW_COMBINATIONS } from "../daily-caps"
import type { StoreClickCount } from "../store-click-queries"
import { CLICKS_PER_CLIENT, MAX_PENDING_CLICKS, StoreClickCounter, type StoreClick } from "../store-clicks"
import { DIRECT, INTERNAL, OTHER, type Origin } from "../traffic-source"

const stores = useThrowawayStores("store-clicks-")
const DAY = "2026-11-20"
const clock = () => new Date(`${DAY}T10:00:00.000Z`)

/** The rows of store clicks of a day, as the table holds them. */
async function storeClicksOf(db: Db, day: string): Promise<StoreClickCount[]> {
  const rows = await db.read((on) => on.selectFrom("store_clicks").selectAll().where("day", "=", day).execute())
  return rows.map((row) => ({ ...row, clicks: Number(row.clicks) }))
}

/** Each request's client, another by default (an IPv6 /64 of its own), or the one given. */
let nextClient = 0
const anotherClient = () => `2001:db8:${(nextClient++).toString(16)}::1`
/** A request as the counter reads it: its method, headers and client. */
const request = (userAgent: string, headers: Record<string, string> = {}, method = "GET", address = anotherClient()) =>
  ({
    method,
    headers: { "user-agent": userAgent, "accept-language": "en", ...headers },
    socket: { remoteAddress: address },
  }) as unknown as IncomingMessage
const origin = (fields: Partial<Origin> = {}): Origin => ({
  referrer: "",
  internal: false,
  utmSource: "",
  utmMedium: "",
  utmCampaign: "",
  ...fields,
})
const click = ({
  origin: from,
  ...fields
}: Partial<Omit<StoreClick, "origin">> & { origin?: Partial<Origin> } = {}): StoreClick => ({
  store: "apple",
  platform: "ios",
  ...fields,
  origin: origin(from),
})

describe.each([
  { store: "SQLite", settings: stores.sqlite },
  { store: "PostgreSQL", settings: stores.postgres },
])("the counter of store clicks on $store", ({ settings }) => {
  let db: Db
  let location: StoreSettings
  const counters: StoreClickCounter[] = []
  const counter = (log = capturedLogger().log) => {
    const made = new StoreClickCounter({ db, log, metrics: createMetrics().registry, now: clock })
    counters.push(made)
    return made
  }
  beforeEach(async () => {
    location = await settings()
    db = openDb(location)
  })
  afterEach(async () => {
    await Promise.all(counters.splice(0).map((each) => each.close()))
    await db.close()
  })

  it("counts each GET of a counted browser by day, store, platform and source, and nothing of a bot, a prefetch or a browser asking not to be tracked", async () => {
    const clicks = counter()
    for (let i = 0; i < 3; i += 1)
      clicks.count(
        request(IPHONE),
        click({ origin: { utmSource: "poster", utmMedium: "print", utmCampaign: "metro" } }),
      )
    clicks.count(
      request(ANDROID_PHONE),
      click({ store: "google", platform: "android", origin: { referrer: "news.example.com" } }),
    )
    clicks.count(request(IPHONE), click({ store: "google", platform: "ios" }))
    clicks.count(request(IPHONE), click({ origin: { internal: true } }))
    // Counted by the rule of page views: none of these.
    clicks.count(request(IPHONE, {}, "HEAD"), click())
    clicks.count(request(IPHONE, { "sec-purpose": "prefetch" }), click())
    clicks.count(request(IPHONE, { "sec-gpc": "1" }), click())
    clicks.count(request(IPHONE, { "accept-language": "" }), click())
    clicks.count(request("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"), click())
    await clicks.flush()
    const rows = (await storeClicksOf(db, DAY)).map(
      ({ day, store, platform, source, medium, campaign, clicks: count }) => [
        day,
        store,
        platform,
        source,
        medium,
        campaign,
        count,
      ],
    )
    expect(rows.sort()).toEqual(
      [
        [DAY, "apple", "ios", "poster", "print", "metro", 3],
        [DAY, "google", "android", "news.example.com", "", "", 1],
        [DAY, "google", "ios", DIRECT, "", "", 1],
        [DAY, "apple", "ios", INTERNAL, "", "", 1],
      ].sort(),
    )
  })

  it("adds to what another counter wrote, and counts past a day's caps as (other)", async () => {
    const first = counter()
    first.count(request(IPHONE), click({ origin: { utmSource: "kept" } }))
    await first.flush()
    const clicks = counter()
    // Its first write learns what the day holds; then a flood of new sources.
    await clicks.flush()
    for (let i = 0; i < DAILY_CAP.utmSource + 50; i += 1)
      clicks.count(request(IPHONE), click({ origin: { utmSource: `flood-${i}` } }))
    clicks.count(request(IPHONE), click({ origin: { utmSource: "kept" } }))
    await clicks.flush()
    const rows = await storeClicksOf(db, DAY)
    expect(new Set(rows.map((row) => row.source)).size).toBe(DAILY_CAP.utmSource + 1)
    expect(rows.find((row) => row.source === "kept")?.clicks).toBe(2)
    expect(rows.find((row) => row.source === OTHER)?.clicks).toBe(51)
  })

  it("counts at most 20 clicks a day from one client however it varies them, across a restart and a second instance", async () => {
    const first = counter()
    await first.flush()
    for (let i = 0; i < 15; i += 1)
      first.count(request(`${IPHONE} ${i}`, {}, "GET", "203.0.113.9"), click({ origin: { utmSource: `s${i}` } }))
    await first.flush()
    // Restarted, and beside another instance: each learns what the day holds of that client from the store.
    const [restarted, other] = [counter(), counter()]
    for (let i = 0; i < 10; i += 1) {
      restarted.count(request(IPHONE, {}, "GET", "203.0.113.9"), click())
      other.count(request(ANDROID_PHONE, {}, "GET", "203.0.113.9"), click({ store: "google", platform: "android" }))
    }
    await restarted.flush()
    await other.flush()
    // Another client of the same day is counted as usual.
    restarted.count(request(IPHONE, {}, "GET", "203.0.113.10"), click())
    await restarted.flush()
    const total = (await storeClicksOf(db, DAY)).reduce((sum, row) => sum + row.clicks, 0)
    expect(total).toBe(CLICKS_PER_CLIENT + 1)
  })

  it("keeps at most 2,000 combinations a day, counting a new one past them under (other), across a restart", async () => {
    const first = counter()
    await first.flush()
    for (let i = 0; i < MAX_VIEW_COMBINATIONS - 10; i += 1)
      first.count(
        request(IPHONE),
        click({ origin: { utmSource: `s${i % 90}`, utmCampaign: `c${Math.floor(i / 90)}` } }),
      )
    await first.flush()
    const restarted = counter()
    await restarted.flush()
    for (let i = 0; i < 500; i += 1)
      restarted.count(
        request(ANDROID_PHONE),
        click({ store: "google", platform: "android", origin: { utmSource: `s${i % 90}`, utmCampaign: `n${i}` } }),
      )
    await restarted.flush()
    const rows = await storeClicksOf(db, DAY)
    expect(rows.length).toBeLessThanOrEqual(MAX_VIEW_COMBINATIONS + 1)
    expect(rows.reduce((sum, row) => sum + row.clicks, 0)).toBe(MAX_VIEW_COMBINATIONS - 10 + 500)
    expect(rows.find((row) => row.source === OTHER && row.campaign === OTHER)?.clicks).toBeGreaterThanOrEqual(490)
  })

  it("keeps at most MAX_PENDING_CLICKS combinations between two writes, and says how many it dropped", async () => {
    const { log, lines } = capturedLogger()
    const clicks = counter(log)
    // Before its first write the counter knows no caps, so every campaign is a combination of its own.
    for (let i = 0; i < MAX_PENDING_CLICKS + 5; i += 1)
      clicks.count(request(IPHONE), click({ origin: { utmSource: "s", utmCampaign: `c-${i}` } }))
    expect(clicks.pending()).toBe(MAX_PENDING_CLICKS)
    await clicks.flush()
    expect(lines()).toContainEqual(
      expect.objectContaining({
        level: "warn",
        storeClicks: 5,
        msg: "visits: store clicks not counted: more distinct ones came between two writes than are kept",
      }),
    )
    expect((await storeClicksOf(db, DAY)).reduce((sum, row) => sum + row.clicks, 0)).toBe(MAX_PENDING_CLICKS)
  }, 60_000)

  it("loses only the batch of an outage, logged without any value of the clicks, and counts again afterwards", async () => {
    const { log, lines } = capturedLogger()
    const broken = fs.mkdtempSync(path.join(os.tmpdir(), "store-clicks-down-"))
    // A file where the store's folder should be: SQLite cannot open it; PostgreSQL refuses a database that does not exist.
    fs.writeFileSync(path.join(broken, "blocked"), "")
    const down = openDb(
      location.kind === "sqlite"
        ? { kind: "sqlite", file: path.join(broken, "blocked", "store.sqlite") }
        : { kind: "postgres", url: `${location.url}_missing` },
    )
    const clicks = new StoreClickCounter({ db: down, log, metrics: createMetrics().registry, now: clock })
    clicks.count(request(IPHONE), click({ origin: { utmSource: "secret-campaign" } }))
    await clicks.flush()
    await down.close().catch(() => undefined)
    fs.rmSync(broken, { recursive: true, force: true })
    expect(lines()).toContainEqual(
      expect.objectContaining({
        level: "error",
        storeClicks: 1,
        msg: "visits: store clicks are lost: the store could not be written",
      }),
    )
    expect(JSON.stringify(lines())).not.toContain("secret-campaign")
    const again = counter()
    again.count(request(IPHONE), click())
    await again.flush()
    expect(await storeClicksOf(db, DAY)).toEqual([expect.objectContaining({ source: DIRECT, clicks: 1 })])
  })
})
