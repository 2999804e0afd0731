import { chromium } from "@playwright/test"
import { chromiumArgs } from "../../e2e/support/chromium"
import { median } from "./median"

/** What one load of a page cost the renderer's main thread, in thread time (ms). */
export type TraceRun = {
  /** Style recalculation and layout together. */
  styleLayoutMs: number
  /** The longest task: what would block a visitor's input longest. */
  longestTaskMs: number
  /** Every task of the load. */
  tasksMs: number
}

export type TraceSeries = { label: string; runs: TraceRun[] }

/** A trace Chromium recorded without the page's own renderer in it (as Lighthouse now and then reports NO_NAVSTART). */
class IncompleteTraceError extends Error {}

type TraceEvent = {
  name: string
  ph: string
  pid: number
  tid: number
  tdur?: number
  args?: { name?: string; beginData?: { url?: string } }
}

/** The main-thread figures of one trace, for the renderer that parsed `url`. */
function readTrace(events: TraceEvent[], url: string): TraceRun {
  const pid = events.find((event) => event.name === "ParseHTML" && event.args?.beginData?.url === url)?.pid
  const mainThreads = new Set(
    events
      .filter((event) => event.pid === pid && event.name === "thread_name" && event.args?.name === "CrRendererMain")
      .map((event) => event.tid),
  )
  const complete = events.filter((event) => event.ph === "X" && event.pid === pid && mainThreads.has(event.tid))
  const cpu = (names: string[]) =>
    complete.filter((event) => names.includes(event.name)).map((event) => (event.tdur ?? 0) / 1000)
  const tasks = cpu(["RunTask"])
  if (tasks.length === 0) throw new IncompleteTraceError(`the trace of ${url} holds no task of its renderer`)
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)
  return {
    styleLayoutMs: sum(cpu(["UpdateLayoutTree", "Layout"])),
    longestTaskMs: Math.max(...tasks),
    tasksMs: sum(tasks),
  }
}

type Browser = Awaited<ReturnType<typeof chromium.launch>>

/** Loads a page once in a fresh context of `browser`, tracing it. */
async function traceOnce(browser: Browser, url: string): Promise<TraceRun> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 })
  try {
    const page = await context.newPage()
    await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] })
    await page.goto(url, { waitUntil: "load" })
    // The work a load sets off (the first layouts, an island's hydration) ends within this.
    await page.waitForTimeout(1000)
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
    return readTrace(traceEvents, url)
  } finally {
    await context.close()
  }
}

/**
 * The main thread's work while each page loads, from Chromium's own trace,
 * in thread time: the CPU the page's main thread used, which other programs
 * on a shared machine do not inflate as they do wall time (and with it
 * Lighthouse's TBT, which this complements). A phone-sized window, no
 * throttling; each page `runs` times, interleaved. A trace Chromium recorded
 * incompletely is taken again (at most twice) and listed in `retried`, never counted.
 */
export async function traceMainThread(
  chromePath: string,
  targets: { label: string; url: string }[],
  runs: number,
): Promise<{ series: TraceSeries[]; retried: string[] }> {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromiumArgs })
  const series = targets.map(({ label }) => ({ label, runs: [] as TraceRun[] }))
  const retried: string[] = []
  try {
    for (let run = 0; run < runs; run += 1) {
      for (const [index, { label, url }] of targets.entries()) {
        for (let attempt = 1; ; attempt += 1) {
          try {
            series[index]?.runs.push(await traceOnce(browser, url))
            break
          } catch (error) {
            if (!(error instanceof IncompleteTraceError) || attempt > 2) throw error
            retried.push(`${label}: ${error.message}`)
          }
        }
      }
    }
  } finally {
    await browser.close()
  }
  return { series, retried }
}

const ms = (value: number) => `${value.toFixed(1)} ms`

/** The trace table: each page's medians, then each pair's ratio (a page in another language against its English one). */
export function traceTable(series: TraceSeries[], pairs: [string, string][]): string {
  const pick = (s: TraceSeries, key: keyof TraceRun) => median(s.runs.map((run) => run[key]))
  const find = (label: string) => series.find((s) => s.label === label)
  const keys: [string, keyof TraceRun][] = [
    ["style & layout", "styleLayoutMs"],
    ["longest task", "longestTaskMs"],
    ["all tasks", "tasksMs"],
  ]
  const rows = series.map((s) => `| ${s.label} | ${keys.map(([, key]) => ms(pick(s, key))).join(" | ")} |`)
  const ratios = pairs.map(([a, b]) => {
    const [first, second] = [find(a), find(b)]
    if (!first || !second) return `| ${a} ÷ ${b} | ${keys.map(() => "").join(" | ")} |`
    return `| ${a} ÷ ${b} | ${keys.map(([, key]) => `${(pick(first, key) / pick(second, key)).toFixed(2)}×`).join(" | ")} |`
  })
  return [
    `| | ${keys.map(([name]) => name).join(" | ")} |`,
    `|---|${keys.map(() => "---:").join("|")}|`,
    ...rows,
    ...ratios,
  ].join("\n")
}
