/**
 * @jest-environment node
 */
import { startPostgresServer, type PostgresServer } from "../../../../test/support/postgres-server"
import { ensureProductionBuild } from "../../../../test/support/production-build"
import { rawRequest } from "../../../../test/support/raw-http"
import { recordFigures } from "../../../../test/support/reliability-figures"
import { startSiteServer, type RunningSite } from "../../../../test/support/site-server-process"
import { startSubmissionLoad } from "../../../../test/support/submission-load"
import { entryFor, storedEntries } from "../../../../test/support/waitlist-api-client"

const OUTAGES = 2
const OUTAGE_MS = 2500
const figures = recordFigures("outage", "PostgreSQL")

let postgres: PostgresServer
let site: RunningSite
let settings: Record<string, string>
beforeAll(async () => {
  await ensureProductionBuild()
  postgres = await startPostgresServer()
  settings = { DATABASE_URL: await postgres.createDatabase(), WAITLIST_RATE_LIMIT: "0" }
  site = await startSiteServer(settings)
}, 10 * 60_000)
afterAll(async () => {
  await site?.stop()
  await postgres?.stop()
})

const timed = async <T>(work: () => Promise<T>) => {
  const started = Date.now()
  const value = await work()
  return { value, ms: Date.now() - started }
}

const submit = (email: string) =>
  rawRequest(
    site.url,
    { headers: { "Content-Type": "application/json" }, body: JSON.stringify(entryFor(email)) },
    10_000,
  )

describe("the waitlist when its PostgreSQL database goes down under load", () => {
  it.each(Array.from({ length: OUTAGES }, (_, i) => i + 1))(
    "answers 503 with a JSON error within 5 s, keeps serving pages, and takes entries again once the database is back, without a restart (outage %i)",
    async (outage) => {
      const load = startSubmissionLoad(site, `outage${outage}`, { workers: 8, timeoutMs: 10_000 })
      await load.acknowledgedAtLeast(5)
      await postgres.halt()
      const down = Date.now()
      const probes: { status: number; type: string | undefined; retryAfter: unknown; error: unknown; ms: number }[] = []
      const pages: number[] = []
      for (let i = 0; Date.now() - down < OUTAGE_MS; i++) {
        const { value, ms } = await timed(() => submit(`during${outage}-${i}@example.com`))
        const error = /^application\/json\b/.test(value.headers["content-type"] ?? "")
          ? (JSON.parse(value.text) as { error?: unknown }).error
          : undefined
        probes.push({
          status: value.status,
          type: value.headers["content-type"],
          retryAfter: value.headers["retry-after"],
          error,
          ms,
        })
        pages.push((await rawRequest(site.url, { method: "GET", path: "/" })).status)
      }
      await postgres.resume()
      const healed = Date.now()
      let after = await submit(`healed${outage}@example.com`)
      while (after.status !== 201 && Date.now() - healed < 20_000) after = await submit(`healed${outage}@example.com`)
      const result = await load.finish()

      const stored = new Set((await storedEntries(settings)).map((entry) => entry.email))
      const acknowledged = [...result.acknowledged, ...(after.status === 201 ? [`healed${outage}@example.com`] : [])]
      const lost = acknowledged.filter((email) => !stored.has(email))
      figures.add({
        submissionsSent: result.sent + probes.length + 1,
        outagesHealed: after.status === 201 ? 1 : 0,
        entriesChecked: acknowledged.length,
        entriesLost: lost.length,
      })
      expect(probes.length).toBeGreaterThan(0)
      expect(
        probes.filter(
          (probe) =>
            probe.status !== 503 ||
            probe.ms >= 5000 ||
            !/^application\/json\b/.test(probe.type ?? "") ||
            typeof probe.error !== "string" ||
            probe.retryAfter === undefined,
        ),
      ).toEqual([])
      expect(pages.filter((status) => status !== 200)).toEqual([])
      expect(result.statuses.filter((status) => status !== 201 && status !== 503)).toEqual([])
      expect(result.slowestMs).toBeLessThan(5000)
      expect(after.status).toBe(201)
      expect(lost).toEqual([])
      await site.logLine({ msg: "waitlist: store unavailable", cause: /^the PostgreSQL waitlist failed/ })
    },
    60_000,
  )
})
