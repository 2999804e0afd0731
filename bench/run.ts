/**
 * `npm run bench`: our `/` and `/contact` beside a bare Gatsby page (the peer)
 * and the same content as plain HTML (the limit), measured in one run on this
 * machine with Lighthouse 12 (mobile, simulated throttling) in Chromium, with
 * the targets they are held to; the main thread's work on the Japanese pages
 * beside the English ones, from Chromium's trace; the waitlist under load
 * beside bare node:http + better-sqlite3 servers (one writing an entry and
 * its message, one every row of a sign-up); and cold and warm builds
 * beside the peer's. Prints the tables and rewrites docs/benchmarks.md. BENCH_RUNS (default 5), BENCH_SATURATED_ROUNDS (default 3) and BENCH_LOAD_SECONDS
 * (default 20) shorten a trial run; BENCH_REUSE_BUILDS=1 skips the build
 * timings and measures the builds already there. BENCH_ONLY=visits (serving /
 * with and without the counting of visits), BENCH_ONLY=dashboard (the
 * dashboard over a day of a million rows, BENCH_DASHBOARD_ROWS to change
 * that), BENCH_ONLY=announcements (an announcement's send),
 * BENCH_ONLY=waitlist (sign-ups under load and the mail they queue) or
 * BENCH_ONLY=places (the place page at 200,000 confirmed entries, on both
 * stores) or BENCH_ONLY=pages (every page beside the built limit,
 * BENCH_PAGES=/,/ja for some) measures that alone, on the build there, and rewrites
 * only its sections of the report.
 */
import { execFileSync } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { freePort } from "../test/support/free-port"
import { MAX_BODY_BYTES } from "../src/server/signup/sign-up-route"
import { openDb } from "../src/server/db/db"
import { buildLimitPage } from "./lib/build-limit-page"
import { writeBuiltLimits } from "./lib/built-limit"
import { AT_LIMIT, contactBudget, limitTable, pooledGap, slowerInEveryRound } from "./lib/limit-table"
import { LANGUAGES, DEFAULT_LANGUAGE } from "../src/i18n/languages"
import { startChildServer, startOurServer } from "./lib/child-server"
import { DRAW_WHEN_DONE, launchChromium, LighthouseRunError, runLighthouse, type PageRun } from "./lib/lighthouse-runs"
import { traceMainThread, traceTable } from "./lib/main-thread-trace"
import {
  buildTable,
  LAUNCH_PACE,
  loadTable,
  offeredTable,
  pageTable,
  replaceSection,
  SATURATED_FLOOR,
  targetList,
  waitlistTarget,
  type BuildTimes,
  type PageSeries,
} from "./lib/report"
import { serveFolder } from "./lib/serve-folder"
import { headersByPath } from "../src/server/http/headers-by-path"
import gatsbyConfig from "../gatsby-config"
import { holdBodies, residentMiB } from "./lib/held-bodies"
import { startSmtpSink, type SmtpSink } from "./lib/smtp-sink"
import { announcementTable, measureAnnouncementSend } from "./lib/announcement-send"
import { measureVisitCounting } from "./lib/visit-counting"
import { dashboardSection } from "./lib/dashboard-day"
import { measurePlaces } from "./lib/place-views"
import { loadWaitlist, offerWaitlist, type LoadResult } from "./lib/waitlist-load"
import { countEntries } from "../src/server/entries/entry-list"

const root = path.resolve(__dirname, "..")
const peerDir = path.join(__dirname, "peer")
const limitOut = path.join(__dirname, ".out", "limit")
const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium"
const runs = Number(process.env.BENCH_RUNS || 5)
/** Loads per page of the trace: they are quick, and thread time varies less than Lighthouse's figures. */
const traceRuns = 3 * runs
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS || 20)
const saturatedRounds = Number(process.env.BENCH_SATURATED_ROUNDS || 3)
const gatsby = path.join(root, "node_modules", ".bin", "gatsby")
const tsx = path.join(root, "node_modules", ".bin", "tsx")
/** Our production server, as the build compiles it and `npm run serve` runs it. */
const compiledServer = path.join(root, "dist", "server.js")

const log = (message: string) => console.error(`[bench] ${message}`)

function timeBuild(label: string, cwd: string): BuildTimes {
  const build = () => {
    const start = process.hrtime.bigint()
    execFileSync(gatsby, ["build"], { cwd, stdio: "ignore", env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" } })
    return Number(process.hrtime.bigint() - start) / 1e6
  }
  log(`building ${label} cold`)
  execFileSync(gatsby, ["clean"], { cwd, stdio: "ignore" })
  const coldMs = build()
  log(`building ${label} warm`)
  return { label, coldMs, warmMs: build() }
}

/** Runs Lighthouse had to repeat because it could not measure the page at all, as the report lists them. */
const failedRuns: string[] = []

/** Chromium for the pages' runs, launched anew when a run could not complete: a Chromium that once never painted a page stays so. */
class PagesChromium {
  private chrome: Awaited<ReturnType<typeof launchChromium>> | null = null

  async port(): Promise<number> {
    this.chrome ??= await launchChromium(chromePath)
    return this.chrome.port
  }

  async relaunch(): Promise<void> {
    await this.kill()
    await this.port()
  }

  async kill(): Promise<void> {
    await this.chrome?.kill()
    this.chrome = null
  }
}

/** One run; a run Lighthouse itself could not complete is repeated (at most twice) in a new Chromium and listed in the report, never scored 0. */
async function measureOnce(url: string, chrome: PagesChromium, label: string): Promise<PageRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouse(url, await chrome.port())
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt > 2) throw error
      log(`${label}: ${error.message}; running it again in a new Chromium`)
      failedRuns.push(`${label}: ${error.message}`)
      await chrome.relaunch()
    }
  }
}

async function measurePages(targets: { label: string; url: string }[]): Promise<PageSeries[]> {
  const chrome = new PagesChromium()
  const series = targets.map(({ label }) => ({ label, runs: [] as PageRun[] }))
  try {
    for (let run = 1; run <= runs; run += 1) {
      for (const [index, target] of targets.entries()) {
        log(`Lighthouse run ${run}/${runs}: ${target.label}`)
        series[index]?.runs.push(await measureOnce(target.url, chrome, target.label))
      }
    }
  } finally {
    await chrome.kill()
  }
  return series
}

/** How the outbox kept up during a load: the mails its entries called for, and how fast they reached the SMTP server. */
type MailFigures = {
  expected: number
  delivered: number
  duringLoad: number
  backlogPerSecond: number
  drainSeconds: number
}

const WAITLIST_HEADING = "## Waitlist under load"
const MAIL_HEADING = "## Mail delivery (nodemailer to a local SMTP server, during and after the load above)"

/** How long the benchmark waits for the outbox to deliver what a load queued. */
const MAIL_WAIT_MS = 900_000

/** Starts a waitlist server on a port with its SQLite file; gives what stops it. */
type StartServer = (port: number, dbFile: string) => Promise<{ stop: () => Promise<void> }>

/**
 * Runs `drive` against a fresh server of `start` on a new SQLite file, and
 * counts the entries stored once it stopped; with `smtp`, waits for every
 * mail the accepted sign-ups called for first.
 */
async function measureLoad<T extends { accepted: number }>(
  label: string,
  start: StartServer,
  drive: (url: string) => Promise<T>,
  endpoint: string,
  smtp?: SmtpSink,
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-waitlist-"))
  const dbFile = path.join(dir, "waitlist.sqlite")
  const port = await freePort()
  const server = await start(port, dbFile)
  log(`loading ${label}`)
  const arrivedBefore = smtp?.arrivals.length ?? 0
  const began = performance.now()
  const result = await drive(`http://127.0.0.1:${port}${endpoint}`)
  const loadEnded = performance.now()
  let mail: MailFigures | null = null
  if (smtp) {
    // Each new address calls for two mails: the team's and the confirmation.
    const expected = 2 * result.accepted
    await smtp.waitFor(arrivedBefore + expected, MAIL_WAIT_MS)
    const arrivals = smtp.arrivals.slice(arrivedBefore)
    const last = arrivals[arrivals.length - 1] ?? loadEnded
    const duringLoad = arrivals.filter((at) => at >= began && at <= loadEnded).length
    const drainSeconds = Math.max(0, (last - loadEnded) / 1000)
    mail = {
      expected,
      delivered: arrivals.length,
      duringLoad,
      backlogPerSecond: drainSeconds > 0 ? (arrivals.length - duringLoad) / drainSeconds : 0,
      drainSeconds,
    }
  }
  await server.stop()
  const store = openDb({ kind: "sqlite", file: dbFile })
  const stored = await countEntries(store)
  await store.close()
  fs.rmSync(dir, { recursive: true, force: true })
  return { label, result, stored, mail }
}

/** The server's memory before, while and after 800 connections hold request bodies open, for each kind of body. */
async function measureHeldBodies(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-held-"))
  const port = await freePort()
  const server = await startOurServer(compiledServer, `http://127.0.0.1:${port}/`, {
    PORT: String(port),
    HOST: "127.0.0.1",
    WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite"),
  })
  const pid = server.process.pid ?? 0
  const cases = [
    {
      label: "800 connections declaring a 1 MB body, sending 64 KB of it",
      declaredBytes: 1024 * 1024,
      sentBytes: 64 * 1024,
    },
    {
      label: `800 connections sending ${MAX_BODY_BYTES / 1024 - 1} KB of a ${MAX_BODY_BYTES / 1024} KB body, then holding`,
      declaredBytes: MAX_BODY_BYTES,
      sentBytes: MAX_BODY_BYTES - 1024,
    },
  ]
  const rows = [
    "| | before | while held | after they close | answered at once (413 or 503) |",
    "|---|---:|---:|---:|---:|",
  ]
  for (const { label, declaredBytes, sentBytes } of cases) {
    log(`holding bodies: ${label}`)
    const before = residentMiB(pid)
    const held = await holdBodies(`http://127.0.0.1:${port}`, { connections: 800, declaredBytes, sentBytes })
    const during = residentMiB(pid)
    const answered = held.answered
    await held.close()
    const after = residentMiB(pid)
    rows.push(
      `| ${label} | ${before.toFixed(0)} MiB | ${during.toFixed(0)} MiB | ${after.toFixed(0)} MiB | ${answered} |`,
    )
  }
  await server.stop()
  fs.rmSync(dir, { recursive: true, force: true })
  return rows.join("\n")
}

function machine(): string {
  const chromium = execFileSync(chromePath, ["--version"], { encoding: "utf8" }).trim()
  const cpu = os.cpus()[0]?.model ?? "unknown CPU"
  return `${os.cpus().length} cores, ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB; ${chromium}; Node ${process.version}; Lighthouse 12 (mobile, simulated throttling) in that Chromium, headless, with \`${DRAW_WHEN_DONE}\``
}

function mailTable(mail: MailFigures | null): string {
  if (!mail) return "Not measured."
  return [
    "| mails queued | delivered | delivered during the load | backlog after it: mails per second | backlog delivered in (s) |",
    "|---:|---:|---:|---:|---:|",
    `| ${mail.expected} | ${mail.delivered} | ${mail.duringLoad} | ${mail.backlogPerSecond.toFixed(0)} | ${mail.drainSeconds.toFixed(1)} |`,
  ].join("\n")
}

const bareServer = path.join(__dirname, "lib/limit-waitlist-server.ts")

/**
 * The waitlist's sections of the report: ours at the launch's pace, with
 * its mail delivered; then ours saturated beside the bare limit and the
 * bare server writing every row of a sign-up, with the targets.
 */
async function waitlistSections(): Promise<string[]> {
  const smtp = await startSmtpSink(await freePort())
  const ours: StartServer = (port, dbFile) =>
    startOurServer(compiledServer, `http://127.0.0.1:${port}/`, {
      PORT: String(port),
      HOST: "127.0.0.1",
      WAITLIST_DB_PATH: dbFile,
      WAITLIST_RATE_LIMIT: "0",
      // The outbox at full speed: the mail pace is measured with the announcement below.
      MAIL_RATE_PER_SECOND: "0",
      SMTP_URL: smtp.url,
    })
  const pace = { ratePerSecond: LAUNCH_PACE.ratePerSecond, seconds: loadSeconds }
  const launch = await measureLoad(
    `ours at ${pace.ratePerSecond} sign-ups a second for ${loadSeconds} s`,
    ours,
    (url) => offerWaitlist(url, pace),
    "/api/waitlist",
    smtp,
  )
  const saturate = (url: string) => loadWaitlist(url, { seconds: loadSeconds })
  const bare =
    (rows: "entry" | "sign-up"): StartServer =>
    (port, dbFile) =>
      startChildServer(tsx, [bareServer, String(port), dbFile, rows], `http://127.0.0.1:${port}/`, {})
  // The limit's pace moves by a fifth from one run to the next on a shared machine: rounds of the three, interleaved, and the round of the median ratio.
  const rounds: Record<"ours" | "limit" | "sameRows", Awaited<ReturnType<typeof measureLoad<LoadResult>>>>[] = []
  for (let round = 1; round <= saturatedRounds; round++) {
    log(`saturated, round ${round}/${saturatedRounds}`)
    const saturated = await measureLoad(
      "ours (POST /api/waitlist, mail through the outbox)",
      ours,
      saturate,
      "/api/waitlist",
    )
    const limit = await measureLoad(
      "limit (node:http + better-sqlite3: the entry and its message)",
      bare("entry"),
      saturate,
      "/",
    )
    const sameRows = await measureLoad(
      "same rows (node:http + better-sqlite3: every row of a sign-up)",
      bare("sign-up"),
      saturate,
      "/",
    )
    rounds.push({ ours: saturated, limit, sameRows })
  }
  await smtp.close()
  const ratio = ({ ours, limit }: (typeof rounds)[number]) =>
    ours.result.acceptedPerSecond / limit.result.acceptedPerSecond
  const loads = [...rounds].sort((a, b) => ratio(a) - ratio(b))[Math.floor((rounds.length - 1) / 2)] ?? rounds[0]!
  const load = [
    WAITLIST_HEADING,
    "",
    `Measured on ${new Date().toISOString().slice(0, 10)}: distinct e-mails, SQLite, rate limit off, mail on.`,
    "",
    `### At a launch's pace: ${pace.ratePerSecond} sign-ups a second for ${loadSeconds} s`,
    "",
    offeredTable(launch.result, launch.stored),
    "",
    `Each sign-up is sent at its own time (one every ${1000 / pace.ratePerSecond} ms) whatever the answers before it, over kept-alive connections opened as needed, and timed from when it was due, so a server falling behind shows in the latencies and in what is still unanswered.`,
    "",
    "### Saturated, beside bare servers",
    "",
    loadTable(loads),
    "",
    `50 kept-alive connections for ${loadSeconds} s, each sending its next sign-up when the last is answered. ${rounds.length} rounds of the three servers one after another; the table is the round of the median ratio to the limit. Each round's: ${rounds.map((round) => `${ratio(round).toFixed(2)}× (ours ${round.ours.result.acceptedPerSecond.toFixed(0)}, limit ${round.limit.result.acceptedPerSecond.toFixed(0)} a second)`).join(", ")}.`,
    "",
    `Targets (issue 32: ${pace.ratePerSecond} a second served in full, p99 under ${LAUNCH_PACE.p99Ms} ms, keeping up; saturated, at least ${SATURATED_FLOOR}× the limit):`,
    "",
    waitlistTarget(launch.result, launch.stored, loads),
    "",
    "Each sign-up of ours writes its entry, its message, the team's mail and the confirmation mail to the outbox and a leave link's key, after looking its address up among those who left and those suppressed, in one transaction; the worker of the same process delivers the mail to a local SMTP server (the `smtp-server` package, counting only) while the load runs. The limit writes the entry and its message; the same rows are what ours writes for a new address, written by the same bare server (`bench/lib/limit-waitlist-server.ts`): with no framework, no validation, no logs and no mail, it shows what the durable work alone costs on this machine, the most any server doing that work could reach.",
    "",
  ]
  const mail = [
    MAIL_HEADING,
    "",
    mailTable(launch.mail),
    "",
    `The worker delivers while sign-ups arrive, over four pooled SMTP connections (the mail pace off: MAIL_RATE_PER_SECOND=0). The benchmark waits up to ${MAIL_WAIT_MS / 60_000} minutes for every mail; a delivered count above the queued one would be a mail sent twice.`,
    "",
  ]
  return [load.join("\n"), mail.join("\n")]
}

const AT_LIMIT_HEADING = "## Every page beside its limit (the same page without its scripts)"

/** The pages held to the limit: every language's landing page, the contact form, the legal pages and `/get`. BENCH_PAGES (comma-separated paths) measures some of them. */
const AT_LIMIT_PAGES = [
  "/",
  ...LANGUAGES.filter(({ code }) => code !== DEFAULT_LANGUAGE).map(({ code }) => `/${code}`),
  "/contact",
  "/privacy-policy",
  "/terms-and-conditions",
  "/ja/privacy-policy",
  // Lighthouse's phone is sent on to its store by `/get`: its file is the page a desktop sees there.
  "/get/index.html",
]

/**
 * Every page of the site beside its limit, the same built page with every
 * script removed (served from the same build's files), measured in the
 * same interleaved rounds.
 */
async function atLimitSection(): Promise<string> {
  const publicDir = path.join(root, "public")
  const limitDir = path.join(__dirname, ".out", "built-limit")
  const paths = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(",") : AT_LIMIT_PAGES
  writeBuiltLimits(publicDir, limitDir, paths)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-limit-"))
  const [oursPort, limitPort] = [await freePort(), await freePort()]
  const ours = await startOurServer(compiledServer, `http://127.0.0.1:${oursPort}/`, {
    PORT: String(oursPort),
    HOST: "127.0.0.1",
    WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite"),
  })
  // The limit carries our server's headers too: Cross-Origin-Opener-Policy alone costs a page as much as its scripts could (docs/benchmarks.md).
  const limitServer = await serveFolder(limitDir, limitPort, publicDir, headersByPath(gatsbyConfig.headers).at)
  try {
    const series = await measurePages(
      paths.flatMap((page) => [
        { label: `\`${page}\``, url: `http://127.0.0.1:${oursPort}${page}` },
        { label: `\`${page}\` without scripts`, url: `http://127.0.0.1:${limitPort}${page}` },
      ]),
    )
    const pairs = paths.map((_, index) => {
      const [page, limit] = [series[2 * index], series[2 * index + 1]]
      if (!page || !limit) throw new Error("a page or its limit was not measured")
      return { page, limit }
    })
    return [
      AT_LIMIT_HEADING,
      "",
      limitTable(pairs),
      "",
      `Medians of ${runs} Lighthouse runs of each page and of its limit (mobile, simulated throttling), measured in every round beside each other; the limit of a page is the same built page with every script removed, served with the same compression, cache and security headers. A page is at its limit when its performance is within ${AT_LIMIT.performance} of the limit's, its Speed Index no more than the limit's and its TBT at most the limit's plus ${AT_LIMIT.tbtMs} ms. ${contactBudget(pairs.find(({ page }) => page.label === "\`/contact\`")?.page)}`,
      "",
      `${pooledGap(pairs, "speedIndexMs", "the Speed Index")} ${pooledGap(pairs, "tbtMs", "the TBT")}`,
      "",
      slowerInEveryRound(pairs),
      "",
    ].join("\n")
  } finally {
    await ours.stop()
    limitServer.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** The report's last section: figures measured by hand or in earlier runs, which a full run carries over. */
const KEPT_BY_HAND = "## Earlier measurements, kept by hand"

const ANNOUNCEMENT_HEADING = "## An announcement sent while sign-ups arrive"

/** The announcement's section of the report: at the default rate with a few sign-ups a second, and at 100 a second with a burst of them. */
async function announcementSection(): Promise<string> {
  const runs = [
    { entries: 600, ratePerSecond: 10, signUpsPerSecond: 2 },
    { entries: 2000, ratePerSecond: 100, signUpsPerSecond: 20 },
  ]
  const rows = []
  for (const run of runs) {
    log(
      `sending an announcement to ${run.entries} confirmed entries at ${run.ratePerSecond} mails a second while ${run.signUpsPerSecond} sign-ups a second arrive`,
    )
    rows.push(await measureAnnouncementSend(root, run))
  }
  return [
    ANNOUNCEMENT_HEADING,
    "",
    announcementTable(rows),
    "",
    "Our production server on SQLite, its waitlist holding confirmed entries in six languages, mails to a local SMTP server (the `smtp-server` package, counting only). Sign-ups arrive at a steady pace for 10 s with no send (after 3 s of warming up), then for 10 s after `npm run waitlist -- announce send launch`; each calls for two mails (the team's and the confirmation), which go before the announcement's. The pace begins and hands over mails 1.1/rate s apart, so all mail stays under the rate; the busiest second counts what the SMTP server saw begin in any 1,000 ms. At the default 10 a second the rate is what limits a send; at 100 a second, the announcements' two slots are (each try waits for its claim and its outcome to be written, an fsync each on SQLite).",
    "",
  ].join("\n")
}

async function main() {
  const report = path.join(root, "docs", "benchmarks.md")
  const alone: Record<string, () => Promise<string[]>> = {
    visits: async () => [await measureVisitCounting(compiledServer)],
    dashboard: async () => [await dashboardSection()],
    announcements: async () => [await announcementSection()],
    waitlist: waitlistSections,
    places: async () => [await measurePlaces(compiledServer)],
    pages: async () => [await atLimitSection()],
  }
  const only = alone[process.env.BENCH_ONLY ?? ""]
  if (only) {
    const sections = await only()
    console.log(sections.join("\n"))
    const before = fs.existsSync(report) ? fs.readFileSync(report, "utf8") : "# Benchmarks\n"
    fs.writeFileSync(report, sections.reduce(replaceSection, before))
    return
  }
  const builds = process.env.BENCH_REUSE_BUILDS === "1" ? [] : [timeBuild("ours", root), timeBuild("peer", peerDir)]
  await buildLimitPage(path.join(peerDir, "public"), path.join(__dirname, "limit"), limitOut)

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-site-"))
  const [oursPort, peerPort, limitPort] = [await freePort(), await freePort(), await freePort()]
  const ours = await startOurServer(compiledServer, `http://127.0.0.1:${oursPort}/`, {
    PORT: String(oursPort),
    HOST: "127.0.0.1",
    WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite"),
  })
  const peer = await serveFolder(path.join(peerDir, "public"), peerPort)
  const limit = await serveFolder(limitOut, limitPort)
  const pages = await measurePages([
    { label: "ours /", url: `http://127.0.0.1:${oursPort}/` },
    { label: "ours /contact", url: `http://127.0.0.1:${oursPort}/contact` },
    { label: "ours /es", url: `http://127.0.0.1:${oursPort}/es` },
    { label: "ours /ja", url: `http://127.0.0.1:${oursPort}/ja` },
    { label: "peer", url: `http://127.0.0.1:${peerPort}/` },
    { label: "limit", url: `http://127.0.0.1:${limitPort}/` },
  ])
  log(`tracing the main thread, ${traceRuns} loads of each page`)
  const { series: traced, retried: retriedTraces } = await traceMainThread(
    chromePath,
    ["/", "/ja", "/privacy-policy", "/ja/privacy-policy"].map((path) => ({
      label: `ours ${path}`,
      url: `http://127.0.0.1:${oursPort}${path}`,
    })),
    traceRuns,
  )
  await ours.stop()
  peer.close()
  limit.close()
  fs.rmSync(dir, { recursive: true, force: true })

  const atLimit = await atLimitSection()
  const waitlist = (await waitlistSections()).join("\n")
  const heldBodies = await measureHeldBodies()
  const announcement = await announcementSection()
  const visits = await measureVisitCounting(compiledServer)
  const dashboard = await dashboardSection()
  const placeViews = await measurePlaces(compiledServer)

  const written = [
    "# Benchmarks",
    "",
    `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${machine()}.`,
    `Each page: ${runs} Lighthouse runs, interleaved so that all pages share the machine's noise. Ratios are what we quote.`,
    "",
    "## Pages",
    "",
    pageTable(pages),
    "",
    "Targets (medians of the table above):",
    "",
    targetList(pages),
    "",
    failedRuns.length
      ? `Runs Lighthouse could not complete and ran again in a new Chromium: ${failedRuns.join("; ")}.`
      : "Every Lighthouse run completed at the first attempt.",
    "",
    atLimit,
    "## Main-thread work while a page loads (Chromium's trace, thread time)",
    "",
    traceTable(traced, [
      ["ours /ja", "ours /"],
      ["ours /ja/privacy-policy", "ours /privacy-policy"],
    ]),
    "",
    `Medians of ${traceRuns} loads of each page, interleaved, in a phone-sized window without throttling. Thread time is the CPU the page's main thread used: unlike the wall time Lighthouse's TBT is made of, other programs on a shared machine do not inflate it, so it shows what a page's own work costs.`,
    ...(retriedTraces.length
      ? ["", `Traces Chromium recorded incompletely and that were taken again: ${retriedTraces.join("; ")}.`]
      : []),
    "",
    waitlist,
    announcement,
    "## Memory while connections hold request bodies (resident memory of the server process)",
    "",
    heldBodies,
    "",
    `The waitlist reads at most ${MAX_BODY_BYTES / 1024} KB of a body, refuses a larger declared length before reading, and all bodies in flight share an 8 MB budget, past which a request gets 503.`,
    "",
    visits,
    dashboard,
    "",
    placeViews,
    "",
    "## Build",
    "",
    builds.length ? buildTable(builds) : "Not measured in this run (BENCH_REUSE_BUILDS=1).",
    "",
  ].join("\n")
  console.log(written)
  fs.mkdirSync(path.join(root, "docs"), { recursive: true })
  // The measurements kept by hand, which no run repeats, stay as they were.
  const before = fs.existsSync(report) ? fs.readFileSync(report, "utf8") : ""
  const kept = before.indexOf(`${KEPT_BY_HAND}\n`)
  fs.writeFileSync(report, kept === -1 ? written : `${written.trimEnd()}\n\n${before.slice(kept)}`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
