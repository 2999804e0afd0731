/**
 * @jest-environment node
 *
 * The metrics of the production server, scraped from their own listener
 * as Prometheus does, after real page views, sign-ups of every outcome and
 * mail through a real SMTP server.
 */
import fs from "fs"
import os from "os"
import path from "path"
import { freePort } from "../../../../test/support/free-port"
import { listeningPorts } from "../../../../test/support/listening-ports"
import { ensureProductionBuild } from "../../../../test/support/production-build"
import { parsePrometheusText, samplesOf, valueOf, type Sample } from "../../../../test/support/prometheus-text"
import { rawRequest } from "../../../../test/support/raw-http"
import { startSiteServer, type RunningSite } from "../../../../test/support/site-server-process"
import { SmtpTestServer } from "../../../../test/support/smtp-test-server"
import { entryFor, postJson } from "../../../../test/support/waitlist-api-client"
import { openDbOf } from "../../../../test/support/waitlist-store-access"
import { outboxDepth } from "../../outbox/outbox-queries"

let smtp: SmtpTestServer
let dir: string
let site: RunningSite & { settings: Record<string, string> }
let metricsPort: number
const sites: RunningSite[] = []

beforeAll(async () => {
  await ensureProductionBuild()
  smtp = await SmtpTestServer.start()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "metrics-"))
  metricsPort = await freePort()
  const settings = {
    WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite"),
    SMTP_URL: smtp.url,
    WAITLIST_RATE_LIMIT: "3",
    METRICS_PORT: String(metricsPort),
  }
  site = { ...(await startSiteServer(settings)), settings }
  sites.push(site)
}, 10 * 60_000)
afterAll(async () => {
  await Promise.all(sites.map((running) => running.stop()))
  await smtp?.down()
  fs.rmSync(dir, { recursive: true, force: true })
})

const scrape = async (): Promise<Sample[]> => {
  const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`)
  expect(response.status).toBe(200)
  expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8")
  return parsePrometheusText(await response.text())
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe("the metrics", () => {
  it("count requests and their durations by route and status, and sign-ups by outcome and reason", async () => {
    for (const page of ["/", "/contact", "/favicon-32x32.png", "/no-such-page"])
      await rawRequest(site.url, { method: "GET", path: page })
    expect((await postJson(site, entryFor("ana@example.com"))).status).toBe(201)
    expect((await postJson(site, entryFor("ana@example.com", { message: "Again" }))).status).toBe(201)
    expect((await postJson(site, entryFor("bot@example.com", { city: "Paris" }))).status).toBe(201)
    expect((await postJson(site, entryFor("late@example.com"))).status).toBe(429)
    expect((await postJson(site, entryFor(""))).status).toBe(422)
    expect(
      (await rawRequest(site.url, { headers: { "Content-Type": "application/json" }, body: "{not json" })).status,
    ).toBe(400)
    expect((await rawRequest(site.url, { headers: { "Content-Type": "text/plain" }, body: "hello" })).status).toBe(415)
    expect((await rawRequest(site.url, { method: "GET" })).status).toBe(405)

    const samples = await scrape()
    const requests = (route: string, status: string) =>
      valueOf(samples, "storyling_http_requests_total", { route, status })
    expect(requests("page", "200")).toBeGreaterThanOrEqual(2)
    expect(requests("asset", "200")).toBe(1)
    expect(requests("not_found", "404")).toBe(1)
    expect(requests("api/waitlist", "201")).toBe(3)
    expect(requests("api/waitlist", "429")).toBe(1)
    expect(
      valueOf(samples, "storyling_http_request_duration_seconds_count", { route: "api/waitlist", status: "201" }),
    ).toBe(3)
    expect(
      valueOf(samples, "storyling_http_request_duration_seconds_bucket", {
        route: "api/waitlist",
        status: "201",
        le: "+Inf",
      }),
    ).toBe(3)
    const signups = (outcome: string, reason = "") => valueOf(samples, "storyling_signups_total", { outcome, reason })
    expect([signups("new"), signups("repeat"), signups("bot")]).toEqual([1, 1, 1])
    expect(
      ["rate_limited", "invalid", "malformed", "media_type", "method"].map((reason) => signups("refused", reason)),
    ).toEqual([1, 1, 1, 1, 1])
  })

  it("count the page views of browsers, and show what waits in memory for the counts' next write", async () => {
    const browser = {
      "User-Agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
      "Accept-Language": "en",
    }
    const before = valueOf(await scrape(), "storyling_page_views_total", { outcome: "counted" })
    for (const page of ["/", "/contact", "/es", "/no-such-page"])
      await rawRequest(site.url, { method: "GET", path: page, headers: browser })
    // Not page views: a bot, a file, the API.
    await rawRequest(site.url, {
      method: "GET",
      path: "/",
      headers: { ...browser, "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
    })
    await rawRequest(site.url, { method: "GET", path: "/favicon-32x32.png", headers: browser })
    await rawRequest(site.url, { method: "GET", path: "/api/waitlist", headers: browser })
    const samples = await scrape()
    expect(valueOf(samples, "storyling_page_views_total", { outcome: "counted" }) - before).toBe(4)
    expect(valueOf(samples, "storyling_page_views_total", { outcome: "dropped" })).toBe(0)
    expect(valueOf(samples, "storyling_page_views_total", { outcome: "lost" })).toBe(0)
    expect(valueOf(samples, "storyling_visit_writes_failed_total")).toBe(0)
    expect(
      samplesOf(samples, "storyling_visit_pending")
        .map((sample) => sample.labels.kind)
        .sort(),
    ).toEqual(["views", "visitors"])
  })

  it("count deliveries by kind and outcome, and show the outbox's depth and oldest age", async () => {
    // The confirmation, and a team mail for each of the two messages.
    await smtp.waitForMails(3)
    const store = openDbOf(site.settings)
    try {
      const { pending, lanes } = await outboxDepth(store)
      const { oldestPendingAt } = lanes.mail
      expect(pending).toBe(0)
      let samples = await scrape()
      for (let waited = 0; valueOf(samples, "storyling_outbox_pending") !== pending && waited < 5000; waited += 200) {
        await pause(200)
        samples = await scrape()
      }
      expect(valueOf(samples, "storyling_outbox_deliveries_total", { kind: "confirm", outcome: "sent" })).toBe(1)
      expect(valueOf(samples, "storyling_outbox_deliveries_total", { kind: "notify", outcome: "sent" })).toBe(2)
      expect(valueOf(samples, "storyling_outbox_pending")).toBe(pending)
      expect(valueOf(samples, "storyling_outbox_pending", { lane: "mail" })).toBe(pending)
      const age = valueOf(samples, "storyling_outbox_oldest_pending_age_seconds", { lane: "mail" })
      if (oldestPendingAt === null) expect(age).toBe(0)
      else expect(Math.abs(age - (Date.now() - oldestPendingAt.getTime()) / 1000)).toBeLessThan(3)
    } finally {
      await store.close()
    }
  })

  it("include the process' own: CPU, memory, the event loop's lag, garbage collection", async () => {
    // A collection's duration is counted once one happened: a process that allocated little since its start has none yet.
    for (
      let asked = 0;
      !(await scrape()).some((sample) => sample.name === "nodejs_gc_duration_seconds_count") && asked < 3000;
      asked += 50
    ) {
      await Promise.all(Array.from({ length: 50 }, () => rawRequest(site.url, { method: "GET", path: "/contact" })))
    }
    const names = new Set((await scrape()).map((sample) => sample.name))
    for (const name of [
      "process_cpu_user_seconds_total",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
      "nodejs_eventloop_lag_p99_seconds",
      "nodejs_heap_size_used_bytes",
      "nodejs_gc_duration_seconds_count",
    ]) {
      expect(names).toContain(name)
    }
  })

  it("keep the routes a small fixed set, however many made-up paths are asked for", async () => {
    const hostile = [
      "/%2e%2e/etc/passwd",
      "/api/../../x",
      "/api/waitlist-nothing",
      `/${"a".repeat(4000)}`,
      "/wp-admin/setup.php",
      "/.env",
      "/x.js?q=1",
    ]
    for (let i = 0; i < 300; i++)
      await rawRequest(site.url, {
        method: "GET",
        path: `/${i}-${Math.random().toString(36).slice(2)}/page${i % 7 === 0 ? ".css" : ""}`,
      })
    for (const path of hostile) await rawRequest(site.url, { method: "GET", path })
    const series = samplesOf(await scrape(), "storyling_http_requests_total")
    const fixed = new Set([
      "page",
      "asset",
      "not_found",
      "healthz",
      "readyz",
      "api/waitlist",
      "api/waitlist-confirm",
      "api/waitlist-leave",
      "api/unknown",
    ])
    expect(series.map((sample) => sample.labels.route).filter((route) => !fixed.has(route ?? ""))).toEqual([])
    // 300 paths never asked before, and a few hostile ones: a handful of series in all, by route and status.
    expect(series.length).toBeLessThan(15)
  })

  it("are never served on the site's port: /metrics there is the 404 page", async () => {
    const answer = await rawRequest(site.url, { method: "GET", path: "/metrics" })
    expect(answer.status).toBe(404)
    expect(answer.text).toContain("Oops!")
    expect(answer.text).not.toContain("storyling_")
  })

  it("listen on 127.0.0.1 alone unless METRICS_HOST says otherwise, and answer nothing but /metrics", async () => {
    await expect(fetch(`http://127.0.0.2:${metricsPort}/metrics`)).rejects.toThrow()
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404)
    expect(listeningPorts(site.pid)).toEqual([Number(new URL(site.url).port), metricsPort].sort((a, b) => a - b))
    await site.logLine({ msg: /^Storyling is served at /, metrics: `http://127.0.0.1:${metricsPort}/metrics` })
  })

  it("without METRICS_PORT, open no listener of their own, and say so at start", async () => {
    const quiet = await startSiteServer({ WAITLIST_DB_PATH: path.join(dir, "quiet.sqlite") })
    sites.push(quiet)
    expect(listeningPorts(quiet.pid)).toEqual([Number(new URL(quiet.url).port)])
    await quiet.logLine({ msg: /^Storyling is served at /, metrics: "off (METRICS_PORT is not set)" })
  })
})
