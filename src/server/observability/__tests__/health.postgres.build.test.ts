/**
 * @jest-environment node
 *
 * The health checks of the production server on PostgreSQL, over real
 * HTTP, while the database stops and starts again.
 */
import fs from "fs"
import path from "path"
import { startPostgresServer, type PostgresServer } from "../../../../test/support/postgres-server"
import { ensureProductionBuild } from "../../../../test/support/production-build"
import { PROJECT_ROOT } from "../../../../test/support/project-root"
import { freePort } from "../../../../test/support/free-port"
import { rawRequest } from "../../../../test/support/raw-http"
import { startSiteServer, type RunningSite } from "../../../../test/support/site-server-process"
import { entryFor, postJson } from "../../../../test/support/waitlist-api-client"

let postgres: PostgresServer
let site: RunningSite
let metricsUrl: string
beforeAll(async () => {
  await ensureProductionBuild()
  postgres = await startPostgresServer()
  const metricsPort = await freePort()
  metricsUrl = `http://127.0.0.1:${metricsPort}`
  site = await startSiteServer({
    DATABASE_URL: await postgres.createDatabase(),
    WAITLIST_RATE_LIMIT: "0",
    METRICS_PORT: String(metricsPort),
  })
}, 10 * 60_000)
afterAll(async () => {
  await site?.stop()
  await postgres?.stop()
})

const get = (check: string, method = "GET") => rawRequest(site.url, { method, path: check })
/** The whole readiness report, which only the metrics' listener gives. */
const report = async () => {
  const answer = await rawRequest(metricsUrl, { method: "GET", path: "/readyz" })
  return {
    status: answer.status,
    cacheControl: answer.headers["cache-control"],
    body: JSON.parse(answer.text) as unknown,
  }
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Asks /readyz until it answers `status`, for at most `withinMs`; resolves with the answer and how long it took. */
async function readyzUntil(status: number, withinMs: number) {
  const started = Date.now()
  for (;;) {
    const answer = await get("/readyz")
    if (answer.status === status || Date.now() - started > withinMs) return { answer, ms: Date.now() - started }
    await pause(100)
  }
}

describe("the health checks", () => {
  it("/healthz: 200 while the process serves, as JSON never cached", async () => {
    const answer = await get("/healthz")
    expect(answer.status).toBe(200)
    expect(answer.headers["cache-control"]).toBe("no-store")
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8")
    expect(JSON.parse(answer.text)).toEqual({ live: true })
  })

  it("/readyz: 200 while PostgreSQL answers, saying so alone; the metrics' listener adds the outbox's pending mail and the age of the oldest", async () => {
    expect((await postJson(site, entryFor("ready@example.com"))).status).toBe(201)
    const { answer } = await readyzUntil(200, 5000)
    expect(answer.status).toBe(200)
    expect(answer.headers["cache-control"]).toBe("no-store")
    expect(JSON.parse(answer.text)).toEqual({ ready: true })
    const pending = { pending: expect.any(Number), oldestPendingSeconds: expect.anything() }
    const none = { pending: 0, oldestPendingSeconds: null }
    expect(await report()).toEqual({
      status: 200,
      cacheControl: "no-store",
      body: {
        ready: true,
        notReady: [],
        store: "ok",
        outbox: { ...pending, paused: 0, lanes: { mail: pending, webhook: none, bulk: none } },
        bounceMailbox: "off",
      },
    })
  })

  it("/readyz: 503 naming the store soon after PostgreSQL stops, while /healthz and the pages still answer 200; 200 again once it is back, without a restart", async () => {
    await postgres.halt()
    try {
      const down = await readyzUntil(503, 10_000)
      expect(down.answer.status).toBe(503)
      expect(down.ms).toBeLessThan(3000)
      expect(down.answer.headers["cache-control"]).toBe("no-store")
      expect(JSON.parse(down.answer.text)).toEqual({ ready: false })
      expect(await report()).toMatchObject({
        status: 503,
        body: { ready: false, notReady: ["store"], store: "unavailable", outbox: null, bounceMailbox: "off" },
      })
      // Each answer comes within the second the store is given.
      const started = Date.now()
      expect((await get("/readyz")).status).toBe(503)
      expect(Date.now() - started).toBeLessThan(1500)
      expect((await get("/healthz")).status).toBe(200)
      expect((await get("/")).status).toBe(200)
      await site.logLine({ level: "warn", msg: "readiness: the store is not ready", store: "unavailable" })
    } finally {
      await postgres.resume()
    }
    const back = await readyzUntil(200, 20_000)
    expect(back.answer.status).toBe(200)
    await site.logLine({ level: "info", msg: "readiness: the store answers again" })
  }, 60_000)

  it("answer HEAD as GET without a body, and refuse other methods with 405", async () => {
    const head = await get("/healthz", "HEAD")
    expect([head.status, head.text]).toEqual([200, ""])
    const post = await get("/readyz", "POST")
    expect(post.status).toBe(405)
    expect(post.headers.allow).toBe("GET, HEAD")
  })

  it("are no pages of the site: the sitemap leaves them out", () => {
    const sitemap = fs.readFileSync(path.join(PROJECT_ROOT, "public", "sitemap-0.xml"), "utf8")
    expect(sitemap).toContain("<loc>")
    expect(sitemap).not.toMatch(/healthz|readyz/)
  })
})
