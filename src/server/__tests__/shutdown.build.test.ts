/**
 * @jest-environment node
 *
 * The production server stopped as a process manager or an orchestrator
 * stops it, with SIGTERM (and SIGINT, as Ctrl-C on a terminal), on SQLite:
 * under load, with a request half received, with idle keep-alive
 * connections, with a mail half sent, and with a client that never
 * finishes its request.
 */
import fs from "fs"
import net from "net"
import os from "os"
import path from "path"
import { emailKey } from "../addresses/email-identity"
import { ensureProductionBuild } from "../../../test/support/production-build"
import { recordFigures } from "../../../test/support/reliability-figures"
import { startSiteServer, type RunningSite } from "../../../test/support/site-server-process"
import { SmtpTestServer } from "../../../test/support/smtp-test-server"
import { startSubmissionLoad } from "../../../test/support/submission-load"
import { TricklingSmtpServer } from "../../../test/support/trickling-smtp-server"
import { tableRows } from "../../../test/support/visit-tables"
import { entryFor, storedEntries } from "../../../test/support/waitlist-api-client"

const figures = recordFigures("shutdown", "SQLite")
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let dir: string
let stores = 0
const started: RunningSite[] = []
beforeAll(async () => {
  await ensureProductionBuild()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "shutdown-"))
}, 10 * 60_000)
afterAll(async () => {
  await Promise.all(started.map((site) => site.stop()))
  fs.rmSync(dir, { recursive: true, force: true })
})

/** Settings of a new SQLite store, without a rate limit. */
const newStore = () => ({ WAITLIST_DB_PATH: path.join(dir, `waitlist-${++stores}.sqlite`), WAITLIST_RATE_LIMIT: "0" })

async function start(settings: Record<string, string>) {
  const site = await startSiteServer(settings)
  started.push(site)
  return site
}

/** A connection that sent the head of a sign-up and part of its body, and answers what it gets once the rest is sent. */
async function halfSentSignup(site: RunningSite, email: string) {
  const body = JSON.stringify(entryFor(email))
  const socket = net.connect(Number(new URL(site.url).port), "127.0.0.1")
  await new Promise((resolve) => socket.once("connect", resolve))
  let answer = ""
  socket.on("data", (chunk: Buffer) => (answer += chunk.toString()))
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()))
  socket.write(
    `POST /api/waitlist HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
  )
  return {
    finish: async () => {
      socket.write(body.slice(10))
      await closed
      return answer
    },
    socket,
  }
}

describe("a SIGTERM", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "under load (%s): answers what it received, keeps every acknowledged entry, and exits with 0 well within the timeout",
    async (signal) => {
      const settings = newStore()
      const site = await start(settings)
      const load = startSubmissionLoad(site, `term-${signal}`, { workers: 12 })
      await load.acknowledgedAtLeast(40)
      const exit = await site.terminate(signal)
      const result = await load.finish()
      expect(exit).toEqual({ code: 0, signal: null, ms: expect.any(Number) })
      expect(exit.ms).toBeLessThan(10_000)
      await site.logLine({ msg: "shutdown: done" })
      expect(result.statuses.filter((status) => status !== 201 && status !== 0)).toEqual([])
      const stored = (await storedEntries(settings)).map((entry) => emailKey(entry.email))
      const lost = result.acknowledged.filter((email) => !stored.includes(emailKey(email)))
      figures.add({
        submissionsSent: result.sent,
        cleanRestarts: 1,
        entriesChecked: result.acknowledged.length,
        entriesLost: lost.length,
      })
      expect(result.acknowledged.length).toBeGreaterThanOrEqual(40)
      expect(lost).toEqual([])
      expect(new Set(stored).size).toBe(stored.length)
    },
    60_000,
  )

  it("answers a request whose body was still arriving, saying Connection: close, and stores it", async () => {
    const settings = newStore()
    const site = await start(settings)
    const held = await halfSentSignup(site, "half-sent@example.com")
    await pause(100)
    const exit = site.terminate()
    await pause(300)
    const answer = await held.finish()
    expect(answer).toMatch(/^HTTP\/1\.1 201 Created\r\n/)
    expect(answer).toMatch(/\r\nConnection: close\r\n/i)
    expect((await exit).code).toBe(0)
    expect((await storedEntries(settings)).map((entry) => entry.email)).toEqual(["half-sent@example.com"])
  })

  it("closes idle keep-alive connections at once instead of waiting for their timeout", async () => {
    const site = await start(newStore())
    const socket = net.connect(Number(new URL(site.url).port), "127.0.0.1")
    let answered = false
    socket.on("data", () => (answered = true))
    socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    while (!answered) await pause(10)
    const closed = new Promise<number>((resolve) => socket.once("close", () => resolve(Date.now())))
    const signalled = Date.now()
    const exit = await site.terminate()
    expect((await closed) - signalled).toBeLessThan(1000)
    expect(exit.code).toBe(0)
    expect(exit.ms).toBeLessThan(2000)
  })

  it("writes the counts of the page views it answered before it closes the store, and exits with 0", async () => {
    const settings = newStore()
    const site = await start(settings)
    const browsers = [
      "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    ]
    for (let i = 0; i < 24; i++) {
      const answer = await fetch(`${site.url}${i % 3 ? "/" : "/contact"}`, {
        headers: { "User-Agent": browsers[i % 2] ?? "", "Accept-Language": "en" },
      })
      expect(answer.status).toBe(200)
      await answer.arrayBuffer()
    }
    // Counts are written every 10 s: none of these yet.
    expect(await tableRows(settings, "visit_views")).toEqual([])
    const exit = await site.terminate()
    expect(exit).toEqual({ code: 0, signal: null, ms: expect.any(Number) })
    const views = await tableRows(settings, "visit_views")
    expect(views.reduce((sum, row) => sum + Number(row.views), 0)).toBe(24)
    expect((await tableRows(settings, "visit_visitors")).filter((row) => row.dimension === "all")).toHaveLength(2)
    const lines = site.logLines().map((line) => line.msg)
    expect(lines.indexOf("shutdown: done")).toBeGreaterThan(-1)
    expect(lines.filter((line) => /^visits:/.test(line))).toEqual([])
  })

  it("past SHUTDOWN_TIMEOUT_MS, says what it abandons and exits with 1", async () => {
    const site = await start({ ...newStore(), SHUTDOWN_TIMEOUT_MS: "1500" })
    const held = await halfSentSignup(site, "never-finished@example.com")
    await pause(100)
    const exit = await site.terminate()
    held.socket.destroy()
    expect(exit.code).toBe(1)
    expect(exit.ms).toBeGreaterThanOrEqual(1400)
    expect(exit.ms).toBeLessThan(4000)
    await site.logLine({ level: "error", reason: "SHUTDOWN_TIMEOUT_MS (1500 ms) passed", requestsInFlight: 1 })
  })

  it("gives back the claim of a mail still being sent, so another instance sends it at once, and only once", async () => {
    const settings = { ...newStore(), SHUTDOWN_TIMEOUT_MS: "3000" }
    const slow = await TricklingSmtpServer.start((recipient) => recipient === "slow@example.com", 400)
    const smtp = await SmtpTestServer.start()
    try {
      const first = await start({ ...settings, SMTP_URL: slow.url })
      expect(
        (
          await fetch(`${first.url}/api/waitlist`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify(entryFor("slow@example.com")),
          })
        ).status,
      ).toBe(201)
      while (slow.trickled.length === 0) await pause(20)
      const exit = await first.terminate()
      expect(exit.code).toBe(0)
      expect(exit.ms).toBeLessThan(3000)
      const released = await first.logLine({
        msg: "shutdown: deliveries not finished were given back for another instance",
      })
      expect(released.deliveryIds).toEqual([expect.any(Number)])
      // Its lease had 60 s to run: the next instance takes the mail at once.
      const restarted = Date.now()
      const second = await start({ ...settings, SMTP_URL: smtp.url })
      await smtp.waitForMails(1, 10_000)
      expect(Date.now() - restarted).toBeLessThan(10_000)
      await pause(1000)
      expect(smtp.to("slow@example.com")).toHaveLength(1)
      expect(slow.to("slow@example.com")).toHaveLength(0)
      expect(slow.trickled.every((connection) => connection.closedByClient)).toBe(true)
      // Its SMTP connections closed, so the test's SMTP server need not wait for them.
      expect((await second.terminate()).code).toBe(0)
      figures.add({ submissionsSent: 1, cleanRestarts: 2, mailsDelivered: slow.mails.length + smtp.mails.length })
    } finally {
      await slow.stop()
      await smtp.down()
    }
  }, 60_000)
})
