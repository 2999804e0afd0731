/**
 * @jest-environment node
 *
 * A flood of page views that each differ (100,000 distinct paths, referrer
 * hosts and campaigns) sent to the production server (`node dist/server.js`),
 * on each store: its memory stays bounded, every view is counted, and what
 * it writes stays within the day's caps.
 */
import fs from "fs"
import http from "http"
import os from "os"
import path from "path"
import { usePostgresCluster } from "../../../../test/support/postgres-for-suite"
import { recordFigures } from "../../../../test/support/reliability-figures"
import { startSiteServer } from "../../../../test/support/site-server-process"
import { tableRows } from "../../../../test/support/visit-tables"
import { DAILY_CAP } from "../daily-caps"
import { VISITORS_PER_CLIENT } from "../visit-counter"

const FLOOD = 100_000
/** The red team's flood, on a server that served nothing before, and what it may grow by. */
const COLD_FLOOD = 20_000
const COLD_SLACK_MB = 100
/** Distinct views sent before the baseline is read. */
const WARM_UP = 10_000
const CONNECTIONS = 32
/** How far the server's resident memory may grow under the flood: what V8 keeps of a heap that served 100,000 requests. */
const MEMORY_SLACK_MB = 64

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "visit-flood-"))
const cluster = usePostgresCluster()
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const residentMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN) / 1024

/** Sends `count` GETs over `CONNECTIONS` kept-alive connections, the i-th made by `request(i)`; resolves with the statuses seen. */
async function flood(
  url: string,
  count: number,
  request: (i: number) => { path: string; headers: Record<string, string> },
): Promise<Map<number, number>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS })
  const statuses = new Map<number, number>()
  let next = 0
  const connection = async () => {
    while (next < count) {
      const { path: target, headers } = request(next++)
      const status = await new Promise<number>((resolve) => {
        const sent = http.get(`${url}${target}`, { agent, headers }, (response) => {
          response.resume()
          response.on("end", () => resolve(response.statusCode ?? 0))
        })
        sent.on("error", () => resolve(0))
      })
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, connection))
  agent.destroy()
  return statuses
}

/** The i-th page view of a flood: a path, referrer host and campaign no other view has. */
const distinctView = (i: number) => ({
  path: `/flood/${i}-${"x".repeat(i % 50)}?utm_source=s${i}&utm_medium=m${i}&utm_campaign=c${i}`,
  headers: { ...visitor, Referer: `https://site-${i}.example.com/page/${i}` },
})

const visitor = {
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  "Accept-Language": "en",
  "Accept-Encoding": "identity",
}

describe.each([
  {
    store: "SQLite" as const,
    newStore: async () => ({ WAITLIST_DB_PATH: path.join(dir, `flood-${Date.now()}.sqlite`) }),
  },
  { store: "PostgreSQL" as const, newStore: async () => ({ DATABASE_URL: await cluster().createDatabase() }) },
])("a flood of distinct page views on the $store store", ({ store, newStore }) => {
  const figures = recordFigures("visit-flood", store)

  it(
    `grows a fresh server's memory by less than ${COLD_SLACK_MB} MB over ${COLD_FLOOD.toLocaleString("en")} distinct paths, referrers and campaigns from one client rotating its User-Agent, which counts as at most ${VISITORS_PER_CLIENT} visitors`,
    async () => {
      const settings = await newStore()
      const site = await startSiteServer({ ...settings, WAITLIST_TRUST_PROXY: "1" })
      try {
        // A page to start from, as the red team's server had served.
        await flood(site.url, 10, () => ({ path: "/", headers: visitor }))
        const before = residentMb(site.pid)
        const statuses = await flood(site.url, COLD_FLOOD, (i) => ({
          ...distinctView(i),
          headers: {
            ...distinctView(i).headers,
            "User-Agent": `${visitor["User-Agent"]} Rotated/${i}`,
            "X-Forwarded-For": "203.0.113.9",
          },
        }))
        const after = residentMb(site.pid)
        figures.measure({
          "resident memory of a fresh server (MB)": Math.round(before),
          [`resident memory after ${COLD_FLOOD} distinct page views of one client (MB)`]: Math.round(after),
        })
        expect(Object.fromEntries(statuses)).toEqual({ 404: COLD_FLOOD })
        expect(after - before).toBeLessThan(COLD_SLACK_MB)
      } finally {
        await site.stop()
      }
      const counts = await tableRows(settings, "visit_visitor_counts")
      const all = counts.filter((row) => row.dimension === "all")
      // The one client of the flood and the start's page: however many User-Agents, the client is the cap's visitors.
      expect(all.map((row) => Number(row.visitors))).toEqual([VISITORS_PER_CLIENT + 1])
      expect((await tableRows(settings, "visit_visitors")).filter((row) => row.dimension === "all")).toHaveLength(
        VISITORS_PER_CLIENT + 1,
      )
    },
    5 * 60_000,
  )

  it(
    `keeps the server's memory bounded over ${FLOOD.toLocaleString("en")} distinct paths, referrers and campaigns, and counts every view within the caps`,
    async () => {
      const settings = await newStore()
      const site = await startSiteServer(settings)
      try {
        await flood(site.url, 2000, () => ({ path: "/", headers: visitor }))
        // Warm up with distinct views too, numbered past the flood's: V8 (Node 24's most of all) keeps resident the heap it grew for a burst, so the baseline is read once it has.
        expect(Object.fromEntries(await flood(site.url, WARM_UP, (i) => distinctView(FLOOD + i)))).toEqual({
          404: WARM_UP,
        })
        const before = residentMb(site.pid)
        const statuses = await flood(site.url, FLOOD, distinctView)
        const after = residentMb(site.pid)
        figures.measure({
          "resident memory before the flood (MB)": Math.round(before),
          [`resident memory after ${FLOOD} distinct page views (MB)`]: Math.round(after),
        })
        figures.add({ visitorsServedUnderAttack: statuses.get(404) ?? 0 })
        expect(Object.fromEntries(statuses)).toEqual({ 404: FLOOD })
        expect(after - before).toBeLessThan(MEMORY_SLACK_MB)
      } finally {
        // A clean stop writes the counts still in memory.
        await site.stop()
      }
      const views = await tableRows(settings, "visit_views")
      const distinct = (column: string) => new Set(views.map((row) => row[column])).size
      expect(views.reduce((sum, row) => sum + Number(row.views), 0)).toBe(2000 + WARM_UP + FLOOD)
      expect(new Set(views.map((row) => row.page))).toEqual(new Set(["/", "(not found)"]))
      // The cap's values, the "(other)" past them, and none ("") for the views before the flood.
      expect(distinct("referrer")).toBe(DAILY_CAP.referrer + 2)
      expect(distinct("utm_campaign")).toBe(DAILY_CAP.utmCampaign + 2)
      expect(views.length).toBeLessThanOrEqual(DAILY_CAP.referrer + 3)
    },
    5 * 60_000,
  )
})
