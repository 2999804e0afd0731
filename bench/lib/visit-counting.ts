import fs from "fs"
import os from "os"
import path from "path"
import { freePort } from "../../test/support/free-port"
import { openDb } from "../../src/server/db/db"
import { startOurServer } from "./child-server"
import { loadPage, type PageLoadResult } from "./page-load"
import { median } from "./median"
import { dayOf } from "../../src/server/visits/visit-day"
import { dayTotals } from "../../src/server/visits/visit-stats-queries"

/** The heading of the benchmark's section, by which `BENCH_ONLY=visits` finds it in docs/benchmarks.md. */
export const VISITS_HEADING = "## Serving / with and without the counting of visits"

type Series = { label: string; runs: PageLoadResult[]; answered: number[]; counted: number[]; cpuPerPage: number[] }

/** The clock ticks a second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100

/**
 * The CPU time a process has used so far, in ms, from /proc (Linux): its
 * own work, which other processes on a busy machine do not change, unlike
 * the pages a second it serves.
 */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
  // The fields after the command's name (which may hold spaces): utime and stime are the 14th and 15th of the line.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
}

const log = (message: string) => console.error(`[bench] ${message}`)

/** One run of the compiled server on a new SQLite store: `/` under load, then the page views it wrote when stopped. */
async function oneRun(
  compiledServer: string,
  counting: boolean,
  seconds: number,
): Promise<{ result: PageLoadResult; answered: number; counted: number; cpuPerPage: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-visits-"))
  const file = path.join(dir, "waitlist.sqlite")
  const firstDay = dayOf(new Date())
  const port = await freePort()
  const server = await startOurServer(compiledServer, `http://127.0.0.1:${port}/404.html`, {
    PORT: String(port),
    HOST: "127.0.0.1",
    WAITLIST_DB_PATH: file,
    VISIT_COUNTING: counting ? "1" : "0",
  })
  // Warmed first, as a server that has been running is: its code compiled, its store opened.
  const warm = await loadPage(`http://127.0.0.1:${port}/`, { seconds: 2 })
  const pid = server.process.pid ?? 0
  const cpuBefore = cpuMs(pid)
  const result = await loadPage(`http://127.0.0.1:${port}/`, { seconds })
  const cpuPerPage = ((cpuMs(pid) - cpuBefore) * 1000) / Math.max(1, result.served)
  // A clean stop writes the counts still in memory.
  await server.stop()
  const store = openDb({ kind: "sqlite", file })
  // The days of this run: its store is new.
  const counted = [...(await dayTotals(store, firstDay, dayOf(new Date()))).views.values()].reduce(
    (sum, n) => sum + n,
    0,
  )
  await store.close()
  fs.rmSync(dir, { recursive: true, force: true })
  return { result, answered: warm.served + result.served, counted, cpuPerPage }
}

/**
 * Serving `/` to 50 connections of distinct browsers, with the counting of
 * visits and without it (VISIT_COUNTING=0), in `rounds` interleaved runs
 * so that both share the machine's noise; the medians are compared. The
 * server's own CPU time a page is compared too: on a machine others share,
 * the pages a second follow their load, the CPU a page costs much less.
 */
export async function measureVisitCounting(compiledServer: string, { rounds = 5, seconds = 8 } = {}): Promise<string> {
  const series: Series[] = [
    { label: "with counting (the default)", runs: [], answered: [], counted: [], cpuPerPage: [] },
    { label: "without (VISIT_COUNTING=0)", runs: [], answered: [], counted: [], cpuPerPage: [] },
  ]
  for (let round = 1; round <= rounds; round += 1) {
    const order = round % 2 ? [0, 1] : [1, 0]
    for (const index of order) {
      const item = series[index] as Series
      log(`serving / ${item.label}, round ${round}/${rounds}, ${seconds} s`)
      const { result, answered, counted, cpuPerPage } = await oneRun(compiledServer, index === 0, seconds)
      log(
        `${Math.round(result.perSecond)} pages/s, p99 ${result.p99Ms} ms, ${Math.round(cpuPerPage)} µs of the server's CPU a page`,
      )
      item.runs.push(result)
      item.answered.push(answered)
      item.counted.push(counted)
      item.cpuPerPage.push(cpuPerPage)
    }
  }
  const load = os.loadavg()[0] ?? 0
  const pick = (item: Series, value: (run: PageLoadResult) => number) => median(item.runs.map(value))
  const cpu = (item: Series) => median(item.cpuPerPage)
  const [withCounting, without] = series as [Series, Series]
  const row = (item: Series) =>
    `| ${item.label} | ${Math.round(pick(item, (run) => run.perSecond))} | ${pick(item, (run) => run.p50Ms)} ms | ${pick(item, (run) => run.p99Ms)} ms | ${item.runs.reduce((sum, run) => sum + run.errors, 0)} | ${item.answered.reduce((sum, n) => sum + n, 0)} | ${item.counted.reduce((sum, n) => sum + n, 0)} | ${Math.round(cpu(item))} µs |`
  const ratio = (value: (run: PageLoadResult) => number) =>
    `${(pick(withCounting, value) / pick(without, value)).toFixed(2)}×`
  return [
    VISITS_HEADING,
    "",
    `Measured on ${new Date().toISOString().slice(0, 10)} (\`BENCH_ONLY=visits npm run bench\`). 50 kept-alive connections, each another browser (its own User-Agent, a language, gzip), GET / for ${seconds} s after 2 s of warming up; ${rounds} runs of each, interleaved, on a new SQLite store each; medians. The page views counted are read from the store after a clean stop, and compared with every page answered, warming up included. The server's CPU a page is its own CPU time (user and system, from /proc) over the pages it served, the median of the runs: the machine's other work (a load average of ${load.toFixed(1)} at the end of this run, on 2 cores) moves the pages a second far more than it moves that.`,
    "",
    "| | pages / s | p50 | p99 | errors | pages answered in all | page views counted | the server's CPU a page |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    row(withCounting),
    row(without),
    `| with ÷ without | ${ratio((run) => run.perSecond)} | ${ratio((run) => run.p50Ms)} | ${ratio((run) => run.p99Ms)} | | | | ${(cpu(withCounting) / cpu(without)).toFixed(2)}× |`,
  ].join("\n")
}
