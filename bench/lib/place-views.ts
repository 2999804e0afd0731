/**
 * The place page at 200,000 confirmed entries with 20,000 credited
 * referrals, on SQLite and on PostgreSQL: one place read from the line
 * kept beside the walk of the whole line it replaces (in this process, on
 * one store, side by side), what a departure (an erasure) costs, and the
 * production server (the build there) answering
 * place pages, alone and eight at a time, with /healthz's worst wait
 * meanwhile.
 */
import fs from "fs"
import os from "os"
import path from "path"
import { monitorEventLoopDelay } from "perf_hooks"
import { sql } from "kysely"
import { freePort } from "../../test/support/free-port"
import { startPostgresServer } from "../../test/support/postgres-server"
import { openDb, type Db } from "../../src/server/db/db"
import type { StoreSettings } from "../../src/server/settings"
import { departFromLine, GAPS_KEPT, keepLineFor, placeOf } from "../../src/server/referrals/line"
import { places } from "../../src/server/referrals/line-rule"
import { placeLink } from "../../src/server/referrals/place-link"
import { eraseRecords } from "../../src/server/people/people-queries"
import { COMMAND_LINE } from "../../src/server/audit/audit-log"
import { startOurServer } from "./child-server"
import { median } from "./median"

/** The heading of the benchmark's section, by which `BENCH_ONLY=places` finds it in docs/benchmarks.md. */
export const PLACES_HEADING = "## A place in line at 200,000 confirmed entries"

const ENTRIES = 200_000
const REFERRALS = 20_000
const BOOST = 5
const log = (message: string) => console.error(`[bench] ${message}`)
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6
const shown = (value: number) => (value >= 100 ? `${Math.round(value)} ms` : `${value.toFixed(2)} ms`)

/** A personal code for an entry, computed alike here and by the database: `r` and the id in seven digits. */
const codeOf = (id: number) => `r${String(id).padStart(7, "0")}`

/**
 * 200,000 confirmed entries, a minute apart; the last 20,000 each a
 * credited referral of one of 5,000 referrers spread along the line.
 * Written by the database itself, a statement for each table: seconds,
 * where rows sent from here took minutes.
 */
async function seed(db: Db) {
  // Numbers written into the statements: SQLite is sent a number as a real, which would make `12.0` of the codes and divide as reals.
  const postgres = db.kind === "postgres"
  const numbers = (first: number, last: number) =>
    postgres
      ? sql`WITH n(i) AS (SELECT generate_series(${first}::int, ${last}::int))`
      : sql`WITH RECURSIVE n(i) AS (SELECT ${sql.lit(first)} UNION ALL SELECT i + 1 FROM n WHERE i < ${sql.lit(last)})`
  // The i-th minute of 2026 as the store keeps its times.
  const at = postgres
    ? sql`TIMESTAMPTZ '2026-01-01T00:00:00Z' + i * INTERVAL '1 minute'`
    : sql`strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01T00:00:00', '+' || i || ' minutes')`
  const code = postgres ? sql`'r' || lpad(i::text, 7, '0')` : sql`'r' || substr('0000000' || i, -7)`
  await db.write(async (trx) => {
    await sql`${numbers(1, ENTRIES)}
      INSERT INTO waitlist_entries (id, name, email, email_key, created_at, updated_at, confirmed_at, referral_code)
      SELECT i, 'P' || i, 'person' || i || '@example.com', 'person' || i || '@example.com', ${at}, ${at}, ${at}, ${code} FROM n`.execute(
      trx,
    )
    await sql`${numbers(ENTRIES - REFERRALS + 1, ENTRIES)}
      INSERT INTO waitlist_referrals (referred_id, referrer_id, state, created_at, decided_at)
      SELECT i, 1 + ((i - ${sql.lit(ENTRIES - REFERRALS + 1)}) / 4 * 37) % ${sql.lit(ENTRIES - REFERRALS)}, 'credited', ${at}, ${at} FROM n`.execute(
      trx,
    )
  })
  if (postgres) await db.write((trx) => sql`ANALYZE`.execute(trx))
}

type StoreFigures = {
  store: string
  kept: number
  walked: number
  firstWrite: Rewrites
  departures: Rewrites
  /** The longest the event loop was held while the departures ran. */
  departureLoopHold: number
  /** Leaves after them, up to the last gap the line keeps. */
  leaves: Rewrites
  /** A place read with that many gaps ahead. */
  keptWithGaps: number
  /** The leave that closes up the gaps, and the longest the event loop was held meanwhile. */
  closing: number
  closingLoopHold: number
  alone: { p50: number; p99: number }
  eight: { p50: number; p99: number; perSecond: number }
  healthzWorst: number
}

/** The ids of people to look up: spread along the line, the same for every measure. */
const sample = Array.from({ length: 200 }, (_, n) => 1 + ((n * 7919) % ENTRIES))

/** The ids of people who leave, after the places are read: twelve from the front of the line to its end, none of the sample's. */
const DEPARTING = Array.from({ length: 12 }, (_, n) => 3 + Math.floor((n * (ENTRIES - 10)) / 11)).filter(
  (id) => !sample.includes(id),
)

/** The ids of people who leave after them, until the line holds all the gaps it keeps: spread along the line, none of the sample's or the erased. */
const LEAVING = Array.from(
  { length: GAPS_KEPT + 100 },
  (_, n) => 5 + Math.floor((n * (ENTRIES - 20)) / (GAPS_KEPT + 100)),
)
  .filter((id) => !sample.includes(id) && !DEPARTING.includes(id))
  .slice(0, GAPS_KEPT - DEPARTING.length)

/** Writes of the line: the times of those that finished, and the errors of those the store refused (PostgreSQL's 4 s query timeout). */
type Rewrites = { times: number[]; failed: string[] }

/** Runs one write of the line, timed into `into`: a refusal (PostgreSQL's query timeout) is counted, not thrown. */
async function timed(into: Rewrites, write: () => Promise<unknown>) {
  const start = process.hrtime.bigint()
  try {
    await write()
    into.times.push(ms(start))
  } catch (error) {
    into.failed.push(`${(error as Error).message} after ${shown(ms(start))}`)
  }
}

const rewriteCell = ({ times, failed }: Rewrites) =>
  [
    times.length > 0 ? shown(median(times)) : "",
    times.length > 1 ? `worst ${shown(Math.max(...times))}` : "",
    failed.length > 0 ? `${failed.length} of ${times.length + failed.length} failed` : "",
  ]
    .filter(Boolean)
    .join("; ")

async function inProcess(db: Db) {
  const first: Rewrites = { times: [], failed: [] }
  // The start's job tries again until the line is kept; so does the bench, three times at most.
  for (let attempt = 0; attempt < 3 && first.times.length === 0; attempt += 1)
    await timed(first, () => keepLineFor(db, BOOST))
  if (first.times.length === 0) throw new Error(`the line could not be kept: ${first.failed.join("; ")}`)
  const time = async (read: (id: number) => Promise<unknown>, ids: number[]) => {
    const each = []
    for (const id of ids) {
      const start = process.hrtime.bigint()
      await read(id)
      each.push(ms(start))
    }
    return median(each)
  }
  const kept = await time((id) => db.read((on) => placeOf(on, id, BOOST)), sample)
  const walked = await time(
    (id) =>
      db.read((on) =>
        on.selectFrom(places(on, BOOST).as("p")).select("p.place").where("p.entry_id", "=", id).execute(),
      ),
    sample.slice(0, 10),
  )
  // Erasures of confirmed people from the front of the line to its end, each moving everyone behind: as a leave does, through the same departure.
  const departures: Rewrites = { times: [], failed: [] }
  const loop = monitorEventLoopDelay({ resolution: 5 })
  loop.enable()
  for (const id of DEPARTING)
    await timed(departures, () => eraseRecords(db, `person${id}@example.com`, COMMAND_LINE, null, new Date()))
  loop.disable()
  if (departures.failed.length > 0) log(`departures the store refused: ${departures.failed.join("; ")}`)
  // Leaves (the line's departure and the row's deletion, as a leave link makes them) until the line holds GAPS_KEPT - 1 gaps.
  const leave = (id: number) =>
    db.write(async (trx) => {
      await departFromLine(db, trx, id)
      await trx.deleteFrom("waitlist_entries").where("id", "=", id).execute()
    })
  const leaves: Rewrites = { times: [], failed: [] }
  for (const id of LEAVING.slice(0, -1)) await timed(leaves, () => leave(id))
  const keptWithGaps = await time((id) => db.read((on) => placeOf(on, id, BOOST)), sample)
  // The leave that leaves the last gap kept closes them all up.
  const closingLoop = monitorEventLoopDelay({ resolution: 5 })
  closingLoop.enable()
  const start = process.hrtime.bigint()
  await leave(LEAVING.at(-1) as number)
  const closing = ms(start)
  closingLoop.disable()
  const gaps = await db.read((on) => on.selectFrom("waitlist_line_gaps").select("place").execute())
  if (gaps.length > 0) throw new Error(`${gaps.length} gaps left after ${GAPS_KEPT} departures`)
  if (leaves.failed.length > 0) log(`leaves the store refused: ${leaves.failed.join("; ")}`)
  return {
    kept,
    walked,
    departures,
    departureLoopHold: loop.max / 1e6,
    firstWrite: first,
    leaves,
    keptWithGaps,
    closing,
    closingLoopHold: closingLoop.max / 1e6,
  }
}

/** Percentile of latencies. */
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0

async function overHttp(compiledServer: string, env: Record<string, string>, links: string[]) {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const server = await startOurServer(compiledServer, `${url}/healthz`, {
    ...env,
    PORT: String(port),
    HOST: "127.0.0.1",
    VISIT_COUNTING: "0",
    WAITLIST_LINK_RATE_LIMIT: "0",
    REFERRAL_BOOST: String(BOOST),
    LOG_LEVEL: "warn",
  })
  try {
    const view = async (link: string) => {
      const start = process.hrtime.bigint()
      const response = await fetch(`${url}${link}`, { redirect: "manual" })
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`a place page answered ${response.status}`)
      return ms(start)
    }
    for (const link of links.slice(0, 20)) await view(link)
    const alone = []
    for (const link of links) alone.push(await view(link))
    let healthzWorst = 0
    let viewing = true
    const healthz = (async () => {
      while (viewing) {
        const start = process.hrtime.bigint()
        await (await fetch(`${url}/healthz`)).arrayBuffer()
        healthzWorst = Math.max(healthzWorst, ms(start))
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    })()
    const eight: number[] = []
    const started = process.hrtime.bigint()
    await Promise.all(
      Array.from({ length: 8 }, async (_, lane) => {
        for (let round = 0; round < 3; round += 1)
          for (let n = lane; n < links.length; n += 8) eight.push(await view(links[n] ?? ""))
      }),
    )
    const seconds = ms(started) / 1000
    viewing = false
    await healthz
    return {
      alone: { p50: median(alone), p99: percentile(alone, 99) },
      eight: { p50: median(eight), p99: percentile(eight, 99), perSecond: eight.length / seconds },
      healthzWorst,
    }
  } finally {
    await server.stop()
  }
}

async function measureStore(
  compiledServer: string,
  label: string,
  settings: StoreSettings,
  env: Record<string, string>,
) {
  const db = openDb(settings)
  let figures
  let links: string[]
  try {
    log(`places on ${label}: seeding ${ENTRIES} entries`)
    await seed(db)
    log(`places on ${label}: in process`)
    figures = await inProcess(db)
    // The links as mails carry them, signed with the store's key (read by the store's first use above).
    links = sample.map((id) => placeLink(db, codeOf(id), "en"))
  } finally {
    await db.close()
  }
  log(`places on ${label}: over HTTP`)
  return { store: label, ...figures, ...(await overHttp(compiledServer, env, links)) }
}

/** Measures both stores; the section of docs/benchmarks.md. */
export async function measurePlaces(compiledServer: string): Promise<string> {
  const rows: StoreFigures[] = []
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-places-"))
  const file = path.join(dir, "waitlist.sqlite")
  rows.push(await measureStore(compiledServer, "SQLite", { kind: "sqlite", file }, { WAITLIST_DB_PATH: file }))
  const postgres = await startPostgresServer()
  try {
    rows.push(
      await measureStore(
        compiledServer,
        "PostgreSQL",
        { kind: "postgres", url: postgres.url },
        { DATABASE_URL: postgres.url },
      ),
    )
  } finally {
    await postgres.stop()
  }
  return [
    PLACES_HEADING,
    "",
    `Measured on ${new Date().toISOString().slice(0, 10)} (\`BENCH_ONLY=places npm run bench\`), load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores at the end: ${ENTRIES.toLocaleString("en")} confirmed entries, the last ${REFERRALS.toLocaleString("en")} each a credited referral of one of 5,000 referrers spread along the line, REFERRAL_BOOST ${BOOST}. In process, one place read from the line kept (\`placeOf\`, medians of 200 people along the line) beside the walk of the whole line by the rule that the line kept replaces (medians of 10), the line first written (as the start's job writes it for a new boost, tried up to three times), up to twelve erasures of confirmed people from the front of the line to its end (\`eraseRecords\`, whose departure from the line a leave shares; median and worst; one PostgreSQL's 4 s query timeout refused is counted as failed), with the longest the event loop was held meanwhile (\`monitorEventLoopDelay\`: SQLite runs on it), then leaves spread along the line (the departure and the row's deletion, as a leave link makes them) until the line holds ${(GAPS_KEPT - 1).toLocaleString("en")} gaps, the 200 places read again, and the leave that leaves the ${GAPS_KEPT.toLocaleString("en")}th gap and so closes them all up. Over HTTP, the production server (\`dist/server.js\`, rate limit off) answering the 200 people's place pages one after another, then eight at a time (three rounds), while /healthz is asked every 10 ms.`,
    "",
    `| store | a place, kept | with ${GAPS_KEPT - 1} gaps ahead | a place, walking the line | walk ÷ kept | the line first written | an erasure, median and worst | the event loop's longest hold in an erasure | a leave, median and worst | the leave that closes ${GAPS_KEPT.toLocaleString("en")} gaps; the loop's longest hold | a page alone p50 / p99 | eight at a time p50 / p99 | pages / s (eight at a time) | /healthz's worst wait meanwhile |`,
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (row) =>
        `| ${row.store} | ${shown(row.kept)} | ${shown(row.keptWithGaps)} | ${shown(row.walked)} | ${Math.round(row.walked / row.kept)}× | ${rewriteCell(row.firstWrite)} | ${rewriteCell(row.departures)} | ${shown(row.departureLoopHold)} | ${rewriteCell(row.leaves)} | ${shown(row.closing)}; ${shown(row.closingLoopHold)} | ${shown(row.alone.p50)} / ${shown(row.alone.p99)} | ${shown(row.eight.p50)} / ${shown(row.eight.p99)} | ${Math.round(row.eight.perSecond)} | ${shown(row.healthzWorst)} |`,
    ),
    "",
    `A place is one indexed read of \`waitlist_line\` and one of \`waitlist_line_gaps\` (the stored place less the gaps ahead of it), whatever the line's length; a confirmation and a credit, or a credit withdrawn, change a few rows of it. A leave or an erasure of a confirmed person leaves a gap where it stood, so that everyone behind moves up one place with no row written, and moves the few credited entries whose key now meets an earlier arrival's: the erasure and leave columns (an erasure also deletes the person's every record and writes the log back into the file). Once the line holds ${GAPS_KEPT.toLocaleString("en")} gaps, the leave that makes the last closes them up: every row behind the first gap takes its numbers less the gaps, 2,000 rows a statement in the order of ids with the event loop free between slices, one transaction that anything needing the store (SQLite) or the line's lock (PostgreSQL) waits for, once for so many departures. On SQLite, which runs on the event loop, a longest hold is what another request waits at most for the loop meanwhile; the first departure after the line is written holds it longest, through the commit's sync. The line first written is walked once into a temporary table and copied 2,000 rows at a time, so no statement of it nears PostgreSQL's timeout; on SQLite the walk holds the event loop, some 0.7 s here.`,
    "",
  ].join("\n")
}
