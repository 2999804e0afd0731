import type { PageRun } from "./lighthouse-runs"
import { median } from "./median"
import type { LoadResult, OfferedLoad } from "./waitlist-load"

export type PageSeries = { label: string; runs: PageRun[] }

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const ms = (value: number) => `${Math.round(value)} ms`
const score = (value: number) => value.toFixed(2)
const ratio = (a: number, b: number) => (b === 0 ? "–" : `${(a / b).toFixed(2)}×`)

type Row = { name: string; pick: (runs: PageRun[]) => number; show: (value: number) => string }

const SCORES: [string, keyof PageRun][] = [
  ["Performance", "performance"],
  ["Accessibility", "accessibility"],
  ["Best practices", "bestPractices"],
  ["SEO", "seo"],
]

const ROWS: Row[] = [
  ...SCORES.flatMap(([name, key]): Row[] => [
    { name: `${name} (median)`, pick: (r) => median(r.map((x) => x[key])), show: score },
    { name: `${name} (worst)`, pick: (r) => Math.min(...r.map((x) => x[key])), show: score },
  ]),
  { name: "LCP", pick: (r) => median(r.map((x) => x.lcpMs)), show: ms },
  { name: "TBT", pick: (r) => median(r.map((x) => x.tbtMs)), show: ms },
  { name: "CLS", pick: (r) => median(r.map((x) => x.cls)), show: (v) => v.toFixed(3) },
  { name: "Main-thread scripting", pick: (r) => median(r.map((x) => x.scriptingMs)), show: ms },
  { name: "Bytes transferred", pick: (r) => median(r.map((x) => x.totalBytes)), show: kb },
  { name: "JS at start (gzipped)", pick: (r) => median(r.map((x) => x.jsAtStartBytes)), show: kb },
  { name: "JS in all (gzipped)", pick: (r) => median(r.map((x) => x.jsTotalBytes)), show: kb },
  { name: "HTML (gzipped)", pick: (r) => median(r.map((x) => x.htmlBytes)), show: kb },
  { name: "Requests", pick: (r) => median(r.map((x) => x.requests)), show: (v) => String(Math.round(v)) },
]

/**
 * The page table: one column per page (ours /, ours /contact, ours /es,
 * ours /ja, peer, limit), then each of ours against the peer and the limit,
 * and the Spanish and Japanese home pages against the English one.
 */
export function pageTable(series: PageSeries[]): string {
  const [home, contact, spanish, japanese, peer, limit] = series
  const ratios: [string, PageSeries | undefined, PageSeries | undefined][] = [
    ["/ ÷ peer", home, peer],
    ["/ ÷ limit", home, limit],
    ["/contact ÷ peer", contact, peer],
    ["/contact ÷ limit", contact, limit],
    ["/es ÷ /", spanish, home],
    ["/ja ÷ /", japanese, home],
  ]
  const head = `| | ${series.map((s) => s.label).join(" | ")} | ${ratios.map(([name]) => name).join(" | ")} |`
  const rule = `|---|${[...series, ...ratios].map(() => "---:").join("|")}|`
  const body = ROWS.map((row) => {
    const values = series.map((s) => row.show(row.pick(s.runs)))
    const quotients = ratios.map(([, a, b]) => (a && b ? ratio(row.pick(a.runs), row.pick(b.runs)) : ""))
    return `| ${row.name} | ${[...values, ...quotients].join(" | ")} |`
  })
  return [head, rule, ...body].join("\n")
}

export type LoadSeries = { label: string; result: LoadResult; stored: number }

/** The waitlist's load: ours, the bare limit (an entry and its message), and the same rows as ours written by a bare server. */
export type WaitlistLoads = { ours: LoadSeries; limit: LoadSeries; sameRows: LoadSeries }

/** The waitlist table: the three servers, ours against each limit, and what writing every row of a sign-up costs the bare server. */
export function loadTable({ ours, limit, sameRows }: WaitlistLoads): string {
  const row = (s: LoadSeries) =>
    `| ${s.label} | ${Math.round(s.result.acceptedPerSecond)} | ${s.result.p50Ms} ms | ${s.result.p99Ms} ms | ${s.result.errors} | ${s.result.accepted} | ${s.stored} | ${s.result.accepted - s.stored} |`
  const quotient = (name: string, a: LoadSeries, b: LoadSeries) =>
    `| ${name} | ${ratio(a.result.acceptedPerSecond, b.result.acceptedPerSecond)} | ${ratio(a.result.p50Ms, b.result.p50Ms)} | ${ratio(a.result.p99Ms, b.result.p99Ms)} | | | | |`
  return [
    "| | accepted / s | p50 | p99 | errors | 2xx answers | entries stored | lost |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    row(ours),
    row(limit),
    row(sameRows),
    quotient("ours ÷ limit", ours, limit),
    quotient("ours ÷ same rows", ours, sameRows),
    quotient("same rows ÷ limit", sameRows, limit),
  ].join("\n")
}

/** The floor of ours against the bare limit, saturated: what the plain design must not fall under. */
export const SATURATED_FLOOR = 0.2
/** The launch's pace: sign-ups offered a second, and the p99 each must be answered within. */
export const LAUNCH_PACE = { ratePerSecond: 500, p99Ms: 100 }

/** Sign-ups offered at the launch's pace: what came back, how fast, and what was stored. */
export function offeredTable(load: OfferedLoad, stored: number): string {
  return [
    "| offered / s | sign-ups offered | 2xx answers | other answers | p50 | p99 | p99 of the last second | unanswered a second after the last | entries stored |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    `| ${load.ratePerSecond} | ${load.offered} | ${load.accepted} | ${load.errors} | ${load.p50Ms} ms | ${load.p99Ms} ms | ${load.lastSecondP99Ms} ms | ${load.unansweredAfterASecond} | ${stored} |`,
  ].join("\n")
}

/** The waitlist's targets: the launch's pace served in full, and the saturated rate beside the bare limit. */
export function waitlistTarget(offered: OfferedLoad, stored: number, { ours, limit }: WaitlistLoads): string {
  const share = ours.result.acceptedPerSecond / limit.result.acceptedPerSecond
  const keptUp = offered.unansweredAfterASecond === 0 && offered.lastSecondP99Ms < LAUNCH_PACE.p99Ms
  return [
    `- Every one of ${offered.offered} sign-ups offered answered 2xx and stored: ${offered.accepted} answered 2xx, ${stored} stored: ${verdict(offered.accepted === offered.offered && stored === offered.offered)}.`,
    `- p99 under ${LAUNCH_PACE.p99Ms} ms, timed from when each was due: ${offered.p99Ms} ms: ${verdict(offered.p99Ms < LAUNCH_PACE.p99Ms)}.`,
    `- Keeping up (nothing unanswered a second after the last, the last second's p99 under ${LAUNCH_PACE.p99Ms} ms): ${offered.unansweredAfterASecond} unanswered, ${offered.lastSecondP99Ms} ms: ${verdict(keptUp)}.`,
    `- Saturated, at least ${SATURATED_FLOOR}× the limit's sign-ups a second: ${share.toFixed(2)}×: ${verdict(share >= SATURATED_FLOOR)}.`,
  ].join("\n")
}

export type BuildTimes = { label: string; coldMs: number; warmMs: number }

/** Cold and warm `gatsby build`, ours beside the peer's. */
export function buildTable(builds: BuildTimes[]): string {
  return [
    "| | cold build | warm build |",
    "|---|---:|---:|",
    ...builds.map((b) => `| ${b.label} | ${(b.coldMs / 1000).toFixed(1)} s | ${(b.warmMs / 1000).toFixed(1)} s |`),
  ].join("\n")
}

/** Whether a figure meets its target, as the report says it. */
const verdict = (met: boolean) => (met ? "met" : "**not met**")

/**
 * The targets the pages are held to, from the page table's medians: the
 * contact page's script (12 KB gzipped at start, 25 KB in all), its TBT
 * against the peer's, and the Japanese landing page against the English one
 * (TBT within 1.1×, the same scores).
 */
export function targetList(series: PageSeries[]): string {
  const find = (label: string) => series.find((s) => s.label === label)
  const [home, contact, japanese, peer] = [find("ours /"), find("ours /contact"), find("ours /ja"), find("peer")]
  if (!home || !contact || !japanese || !peer) return "Not every page needed for the targets was measured."
  const pick = (s: PageSeries, key: keyof PageRun) => median(s.runs.map((run) => run[key]))
  const [atStart, inAll] = [pick(contact, "jsAtStartBytes"), pick(contact, "jsTotalBytes")]
  const [contactTbt, peerTbt, homeTbt, japaneseTbt] = [
    pick(contact, "tbtMs"),
    pick(peer, "tbtMs"),
    pick(home, "tbtMs"),
    pick(japanese, "tbtMs"),
  ]
  const scores = SCORES.map(([name, key]) => [name, pick(japanese, key), pick(home, key)] as const)
  const unequal = scores.filter(([, ja, en]) => ja !== en)
  return [
    `- \`/contact\` JavaScript at start: ${kb(atStart)} (target at most 12 KB): ${verdict(atStart <= 12 * 1024)}.`,
    `- \`/contact\` JavaScript in all: ${kb(inAll)} (target at most 25 KB): ${verdict(inAll <= 25 * 1024)}.`,
    `- \`/contact\` TBT: ${ms(contactTbt)} against the peer's ${ms(peerTbt)} (target at most the peer's): ${verdict(contactTbt <= peerTbt)}.`,
    `- \`/ja\` TBT: ${ms(japaneseTbt)} against \`/\`'s ${ms(homeTbt)}, ${homeTbt > 0 ? `${(japaneseTbt / homeTbt).toFixed(2)}×` : "– (the English page's is 0)"} (goal within 1.1×): ${verdict(japaneseTbt <= 1.1 * homeTbt)}.`,
    `- \`/ja\` scores against \`/\`'s (medians): ${scores.map(([name, ja, en]) => `${name.toLowerCase()} ${score(ja)} / ${score(en)}`).join(", ")} (goal equal): ${verdict(unequal.length === 0)}.`,
  ].join("\n")
}

/** A report with one `## ` section replaced by `section` (whose first line is its heading), or added at the end when it has none. */
export function replaceSection(report: string, section: string): string {
  const heading = section.split("\n")[0] ?? ""
  const start = report.indexOf(`${heading}\n`)
  if (start === -1) return `${report.trimEnd()}\n\n${section.trimEnd()}\n`
  const next = report.indexOf("\n## ", start + heading.length)
  return `${report.slice(0, start)}${section.trimEnd()}\n${next === -1 ? "" : report.slice(next)}`
}
