/**
 * The place page at 200,000 confirmed entries with 20,000 credited
 * referrals, on SQLite and on PostgreSQL: one place read from the line
 * kept beside the walk of the whole line it replaces (in this process, on
 * one store, side by side), what writing the line anew costs (a leave's or
 * an erasure's), and the production server (the build there) answering
 * place pages, alone and eight at a time, with /healthz's worst wait
 * meanwhile.
 */
import fs from "fs"
import os from "os"
import path from "path"
import { sql } from "kysely"
import { freePort } from "../../test/support/free-port"
import { startPostgresServer } from "../../test/support/postgres-server"
import { openDb, type Db } from "../../src/server/db/db"
import type { StoreSettings } from "../../src/server/settings"
import { keepLineFor, placeOf } from "../../src/server/referrals/line"
import { places } from "../../src/server/referrals/line-rule"
import { placeLink } from "../../src/server/referrals/place-link"
import { startOurServer } from "./child-server"
import { median } from "./median"

/** The heading of the benchmark's section, by which `BENCH_ONLY=places` finds it in docs/benchmarks.md. */
export const PLACES_HEADING = "## A place in line at 200,000 confirmed entries"

const ENTRIES = 200_000
const REFERRALS = 20_000
const BOOST = 5
const BATCH = 500
const log = (message: string) => console.error(`[bench] ${message}`)
const codeOf = (id: number) => `r${id.toString(36).padStart(7, "0")}`
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6
const shown = (value: number) => (value >= 100 ? `${Math.round(value)} ms` : `${value.toFixed(2)} ms`)

/** 200,000 confirmed entries, a minute apart; the last 20,000 each a credited referral of one of 5,000 referrers spread along the line. */
async function seed(db: Db) {
  const start = Date.UTC(2026, 0, 1)
  const at = (minute: number) => new Date(start + minute * 60_000).toISOString()
  for (let first = 1; first <= ENTRIES; first += BATCH)
    await db.write(async (trx) => {
      const rows = []
      for (let id = first; id < first + BATCH && id <= ENTRIES; id += 1) {
        const email = `person${id}@example.com`
        rows.push({ id, name: `P${id}`, email, email_key: email, created_at: at(id), updated_at: at(id) })
      }
      await trx
        .insertInto("waitlist_entries")
        .values(rows.map((row) => ({ ...row, confirmed_at: row.created_at, referral_code: codeOf(row.id) })))
        .execute()
    })
  for (let first = 0; first < REFERRALS; first += BATCH)
    await db.write(async (trx) => {
      const rows = []
      for (let n = first; n < first + BATCH; n += 1) {
        const referred = ENTRIES - REFERRALS + 1 + n
        rows.push({
          referred_id: referred,
          referrer_id: 1 + ((Math.floor(n / 4) * 37) % (ENTRIES - REFERRALS)),
          state: "credited",
          created_at: at(referred),
          decided_at: at(referred),
        })
      }
      await trx.insertInto("waitlist_referrals").values(rows).execute()
    })
  if (db.kind === "postgres") await db.write((trx) => sql`ANALYZE`.execute(trx))
}

type StoreFigures = {
  store: string
  kept: number
  walked: number
  rewrite: number
  alone: { p50: number; p99: number }
  eight: { p50: number; p99: number; perSecond: number }
  healthzWorst: number
}

/** The ids of people to look up: spread along the line, the same for every measure. */
const sample = Array.from({ length: 200 }, (_, n) => 1 + ((n * 7919) % ENTRIES))

async function inProcess(db: Db) {
  await keepLineFor(db, BOOST)
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
  const rewrites = []
  for (const boost of [BOOST + 1, BOOST, BOOST + 1, BOOST]) {
    const start = process.hrtime.bigint()
    await keepLineFor(db, boost)
    rewrites.push(ms(start))
  }
  return { kept, walked, rewrite: median(rewrites) }
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
    `Measured on ${new Date().toISOString().slice(0, 10)} (\`BENCH_ONLY=places npm run bench\`): ${ENTRIES.toLocaleString("en")} confirmed entries, the last ${REFERRALS.toLocaleString("en")} each a credited referral of one of 5,000 referrers spread along the line, REFERRAL_BOOST ${BOOST}. In process, one place read from the line kept (\`placeOf\`, medians of 200 people along the line) beside the walk of the whole line by the rule that the line kept replaces (medians of 10), and the line written anew, as a leave or an erasure of a confirmed person writes it (median of 4). Over HTTP, the production server (\`dist/server.js\`, rate limit off) answering the 200 people's place pages one after another, then eight at a time (three rounds), while /healthz is asked every 10 ms.`,
    "",
    "| store | a place, kept | a place, walking the line | walk ÷ kept | the line written anew | a page alone p50 / p99 | eight at a time p50 / p99 | pages / s (eight at a time) | /healthz's worst wait meanwhile |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (row) =>
        `| ${row.store} | ${shown(row.kept)} | ${shown(row.walked)} | ${Math.round(row.walked / row.kept)}× | ${shown(row.rewrite)} | ${shown(row.alone.p50)} / ${shown(row.alone.p99)} | ${shown(row.eight.p50)} / ${shown(row.eight.p99)} | ${Math.round(row.eight.perSecond)} | ${shown(row.healthzWorst)} |`,
    ),
    "",
    "A place is one indexed read of `waitlist_line`, whatever the line's length; a confirmation and a credit change a few rows of it. A leave or an erasure of a confirmed person moves everyone behind, so it writes the line anew: the cost in the table, once per departure (on SQLite on the event loop).",
    "",
  ].join("\n")
}
