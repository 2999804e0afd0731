import fs from "fs"
import http from "http"
import os from "os"
import path from "path"
import { sql, type Kysely } from "kysely"
import { openDb } from "../../src/server/db/db"
import type { Database } from "../../src/server/db/schema"
import type { StoreSettings } from "../../src/server/settings"
import { dayOf } from "../../src/server/visits/visit-day"
import { visitStats } from "../../src/server/visits/visit-stats"
import { migratedTo } from "../../test/support/migrations-recorded"
import { startPostgresServer } from "../../test/support/postgres-server"

/** The heading of the benchmark's section, by which `BENCH_ONLY=dashboard` finds it in docs/benchmarks.md. */
export const DASHBOARD_HEADING = "## The dashboard over a day of a million rows"

/** The rows of each table the day is filled with (BENCH_DASHBOARD_ROWS, a million by default): what an older version could leave. */
const DAY_ROWS = Number(process.env.BENCH_DASHBOARD_ROWS || 1_000_000)
const ROWS_PER_SEED = 50_000

const log = (message: string) => console.error(`[bench] ${message}`)

/** Fills `day` with `rows` page-view and `rows` store-click rows, each a combination of its own, written by the database itself. */
async function fillDay(db: Kysely<Database>, kind: StoreSettings["kind"], day: string, rows: number) {
  for (let from = 0; from < rows; from += ROWS_PER_SEED) {
    const to = from + ROWS_PER_SEED - 1
    const numbers =
      kind === "sqlite"
        ? sql`WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${to})`
        : sql`WITH n(i) AS (SELECT generate_series(${from}::int, ${to}::int))`
    await db.transaction().execute(async (trx) => {
      await sql`${numbers} INSERT INTO visit_views (day, page, language, referrer, utm_source, utm_medium, utm_campaign, views)
        SELECT ${day}, '/p/' || (i % 5000), 'en', 'r' || (i % 100), 's' || (i % 1000), 'm', 'c' || i, 1 + i % 3 FROM n`.execute(
        trx,
      )
      await sql`${numbers} INSERT INTO store_clicks (day, store, platform, source, medium, campaign, clicks)
        SELECT ${day}, CASE WHEN i % 2 = 0 THEN 'apple' ELSE 'google' END, 'ios', 's' || (i % 1000), 'm', 'c' || i, 1 + i % 2 FROM n`.execute(
        trx,
      )
    })
  }
}

/** A bare /healthz in this process, as the server's: it answers once the event loop lets it. */
async function healthz(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_, res) => res.end("ok"))
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}/healthz`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

type DashboardRun = {
  store: string
  openMs: number
  answerMs: number
  answerBytes: number
  healthzMaxMs: number
}

/** A waitlist as the version before migration 0017 left it, with a day of `rows` rows in each table; then opened by this version, which folds the day within its caps: how long that takes. */
async function olderVersionsDay(settings: StoreSettings, day: string, rows: number): Promise<number> {
  const dialect = await migratedTo(settings, "0015-bounded-and-secret-free")
  await fillDay(dialect.kysely, settings.kind, day, rows)
  await dialect.close()
  const started = performance.now()
  const db = openDb(settings)
  await db.ping()
  await db.close()
  return Math.round(performance.now() - started)
}

/**
 * The dashboard's read of 7 days (visitStats and its JSON, as the route
 * answers) over a day of DAY_ROWS rows in each table, while /healthz is
 * asked every 10 ms: the answer's time and size, /healthz's worst wait,
 * and the longest hold of the event loop.
 */
async function measureOne(settings: StoreSettings, label: string, rows: number): Promise<DashboardRun> {
  const now = new Date()
  log(`dashboard: filling a day of ${rows.toLocaleString("en")} rows on ${label}`)
  const openMs = await olderVersionsDay(settings, dayOf(now), rows)
  const db = openDb(settings)
  try {
    const read = () => visitStats(db, { days: 7, now, ownHosts: ["localhost"] })
    await read()
    const health = await healthz()
    // Asked once first, so its connection is open before the measurement.
    await (await fetch(health.url)).text()
    let healthzMaxMs = 0
    let asking = true
    const poll = (async () => {
      while (asking) {
        const started = performance.now()
        await (await fetch(health.url)).text()
        healthzMaxMs = Math.max(healthzMaxMs, performance.now() - started)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    })()
    const started = performance.now()
    const answer = JSON.stringify(await read())
    const answerMs = performance.now() - started
    asking = false
    await poll
    await health.close()
    return {
      store: label,
      openMs,
      answerMs: Math.round(answerMs),
      answerBytes: Buffer.byteLength(answer),
      healthzMaxMs: Math.round(healthzMaxMs),
    }
  } finally {
    await db.close()
  }
}

/** The dashboard over a day of a million rows, on a new SQLite file and a throwaway PostgreSQL cluster. */
async function measureDashboardDay(rows = DAY_ROWS): Promise<DashboardRun[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-dashboard-"))
  const postgres = await startPostgresServer()
  try {
    return [
      await measureOne({ kind: "sqlite", file: path.join(dir, "waitlist.sqlite") }, "SQLite", rows),
      await measureOne({ kind: "postgres", url: await postgres.createDatabase() }, "PostgreSQL", rows),
    ]
  } finally {
    await postgres.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** The section of docs/benchmarks.md: a day of DAY_ROWS rows on both stores. */
export async function dashboardSection(): Promise<string> {
  const runs = await measureDashboardDay()
  return [
    DASHBOARD_HEADING,
    "",
    `Measured on ${new Date().toISOString().slice(0, 10)} (\`BENCH_ONLY=dashboard npm run bench\`), load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores. A waitlist of the version before migration 0017 with a day of ${DAY_ROWS.toLocaleString("en")} store-click rows and ${DAY_ROWS.toLocaleString("en")} page-view rows, each a combination of its own (what no cap bounded before), opened by this version: its start folds the day within its caps (the first column). Then the visits of \`/api/admin/dashboard?days=7\` (visitStats and its JSON, in the benchmark's process) while \`/healthz\` of the same process is asked every 10 ms.`,
    "",
    "| Store | Opening (migration 0017, ms) | Answer (ms) | Its size (bytes) | Worst wait of `/healthz` (ms) |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...runs.map(
      (run) =>
        `| ${run.store} | ${run.openMs} | ${run.answerMs} | ${run.answerBytes.toLocaleString("en")} | ${run.healthzMaxMs} |`,
    ),
    "",
    "The opening runs before the server listens (SQLite's file in one transaction; PostgreSQL's statements each of 2,000 rows, under its 4 s query timeout, then both tables rewritten compactly by `VACUUM FULL`, without which every read walks the deleted rows' pages). The answer then reads bounded counts: each table its 50 largest rows and one `(other)` row (see [operating.md](operating.md#bounded-answers)), so its time and size no longer follow the day's rows.",
    "",
  ].join("\n")
}
