/**
 * An announcement sent to a waitlist of confirmed entries by our production
 * server, while sign-ups arrive at a steady pace: how fast its mails reach
 * a local SMTP server against MAIL_RATE_PER_SECOND, the busiest second the
 * server saw, and the sign-ups' latency without and during the send.
 */
import { execFile } from "child_process"
import fs from "fs"
import http from "http"
import os from "os"
import path from "path"
import { promisify } from "util"
import { openDb } from "../../src/server/db/db"
import { KINDS_OF_LANE } from "../../src/server/outbox/deliveries"
import { claimDue, markSent } from "../../src/server/outbox/outbox-queries"
import { confirmAddress } from "../../src/server/signup/links"
import { linkTokenKey, newLinkToken } from "../../src/server/entries/link-tokens"
import { NOTHING_TO_DELIVER } from "../../src/server/signup/confirmation-rules"
import { busiestWindow } from "../../test/support/busiest-window"
import { freePort } from "../../test/support/free-port"
import { startOurServer } from "./child-server"
import { startSmtpSink } from "./smtp-sink"
import { submitSignup } from "../../src/server/signup/sign-up"

const run = promisify(execFile)

export type AnnouncementFigures = {
  entries: number
  ratePerSecond: number
  /** Announcement mails per second, from the send's first mail to its last. */
  announcementPerSecond: number
  /** Every mail per second over the same time (the sign-ups' confirmations and team mails too). */
  allPerSecond: number
  /** The most mails the SMTP server saw begin in any one second. */
  busiestSecond: number
  signUpsPerSecond: number
  before: { p50: number; p99: number; count: number }
  during: { p50: number; p99: number; count: number }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) * 10) / 10
}

/** Sign-ups at a steady `perSecond` for `seconds`, each answered over a kept-alive connection; gives their latencies. */
async function steadySignUps(url: string, perSecond: number, seconds: number, tag: string): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 20 })
  const latencies: number[] = []
  const inFlight: Promise<void>[] = []
  for (let i = 0; i < perSecond * seconds; i++) {
    const body = JSON.stringify({
      name: `Reader ${i}`,
      email: `signup-${tag}-${i}@example.com`,
      message: "",
      city: "",
      metadata: { locale: "en" },
    })
    const began = performance.now()
    inFlight.push(
      new Promise<void>((resolve) => {
        const request = http.request(
          url,
          {
            method: "POST",
            agent,
            headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
          },
          (response) => {
            response.resume()
            response.on("end", () => {
              latencies.push(performance.now() - began)
              resolve()
            })
          },
        )
        request.on("error", () => resolve())
        request.end(body)
      }),
    )
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, began + 1000 / perSecond - performance.now())))
  }
  await Promise.all(inFlight)
  agent.destroy()
  return latencies
}

/** Seeds `entries` confirmed entries in a new SQLite file. */
async function seed(file: string, entries: number) {
  const store = openDb({ kind: "sqlite", file })
  const now = new Date()
  const locales = ["en", "es", "fr", "de", "pt-br", "ja"]
  await Promise.all(
    Array.from({ length: entries }, async (_, i) => {
      const confirmation = {
        mail: { kind: "confirm" as const, recipient: "x", payload: "{}" },
        tokenKey: linkTokenKey(newLinkToken()),
        leaveTokenKey: linkTokenKey(newLinkToken()),
        expiresAt: new Date(now.getTime() + 86_400_000),
      }
      const email = `reader-${i}@example.org`
      await submitSignup(store, {
        entry: { name: `Reader ${i}`, email, message: "", metadata: { locale: locales[i % locales.length] } },
        discard: false,
        rateLimit: null,
        plan: { ...NOTHING_TO_DELIVER, confirmation },
        now,
      })
      await confirmAddress(store, confirmation.tokenKey, now, null)
    }),
  )
  // The seeded confirmations are not part of the benchmark.
  for (;;) {
    const claimed = await store.write((trx) =>
      claimDue(store, trx, KINDS_OF_LANE.mail, new Date(now.getTime() + 1000), 3_600_000, 1000),
    )
    if (claimed.length === 0) break
    for (const delivery of claimed) await store.write((trx) => markSent(trx, delivery.id, now))
  }
  await store.close()
}

export async function measureAnnouncementSend(
  root: string,
  { entries = 2000, ratePerSecond = 100, signUpsPerSecond = 20, seconds = 10 } = {},
): Promise<AnnouncementFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-announce-"))
  const file = path.join(dir, "waitlist.sqlite")
  await seed(file, entries)
  const smtp = await startSmtpSink(await freePort())
  const port = await freePort()
  const env = {
    WAITLIST_DB_PATH: file,
    SMTP_URL: smtp.url,
    WAITLIST_RATE_LIMIT: "0",
    MAIL_RATE_PER_SECOND: String(ratePerSecond),
    SITE_URL: "https://storyling.example.com",
  }
  const server = await startOurServer(path.join(root, "dist", "server.js"), `http://127.0.0.1:${port}/`, {
    ...env,
    PORT: String(port),
    HOST: "127.0.0.1",
  })
  const api = `http://127.0.0.1:${port}/api/waitlist`
  try {
    // Warm the server up, then measure sign-ups with no send, then during one.
    await steadySignUps(api, signUpsPerSecond, 3, "warm")
    const before = await steadySignUps(api, signUpsPerSecond, seconds, "before")
    await smtp.waitFor(2 * (before.length + 3 * signUpsPerSecond), 120_000)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const sentFrom = smtp.arrivals.length
    await run(process.execPath, [path.join(root, "dist", "waitlist.js"), "announce", "send", "launch"], {
      cwd: root,
      env: { ...process.env, ...env },
    })
    const during = await steadySignUps(api, signUpsPerSecond, seconds, "during")
    const expected = sentFrom + entries + 2 * during.length
    await smtp.waitFor(expected, 10 * 60_000)
    const arrivals = smtp.arrivals.slice(sentFrom)
    const span = ((arrivals[arrivals.length - 1] ?? 0) - (arrivals[0] ?? 0)) / 1000
    return {
      entries,
      ratePerSecond,
      announcementPerSecond: entries / span,
      allPerSecond: arrivals.length / span,
      busiestSecond: busiestWindow(arrivals, 1000),
      signUpsPerSecond,
      before: { p50: percentile(before, 50), p99: percentile(before, 99), count: before.length },
      during: { p50: percentile(during, 50), p99: percentile(during, 99), count: during.length },
    }
  } finally {
    await server.stop()
    await smtp.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** The figures of each run as a row of the report's table. */
export function announcementTable(rows: AnnouncementFigures[]): string {
  return [
    "| entries | MAIL_RATE_PER_SECOND | announcement mails / s | all mails / s | all ÷ rate | busiest second at the SMTP server | sign-ups / s | sign-up p50 / p99 before | sign-up p50 / p99 during the send |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (figures) =>
        `| ${figures.entries} | ${figures.ratePerSecond} | ${figures.announcementPerSecond.toFixed(1)} | ${figures.allPerSecond.toFixed(1)} | ${(figures.allPerSecond / figures.ratePerSecond).toFixed(2)}× | ${figures.busiestSecond} | ${figures.signUpsPerSecond} | ${figures.before.p50} / ${figures.before.p99} ms | ${figures.during.p50} / ${figures.during.p99} ms |`,
    ),
  ].join("\n")
}
