import type { PageRun } from "./lighthouse-runs"
import { median } from "./median"
import type { PageSeries } from "./report"

/** How close to the limit a page must be: its performance within 0.01, its Speed Index no more, its TBT at most 30 ms more. */
export const AT_LIMIT = { performance: 0.01, tbtMs: 30 }

const pick = (series: PageSeries, key: keyof PageRun) => median(series.runs.map((run) => run[key]))
const ms = (value: number) => `${Math.round(value)} ms`

/** Whether a page meets the targets beside the limit, figure by figure. */
export function atLimit(
  page: PageSeries,
  limit: PageSeries,
): { performance: boolean; speedIndex: boolean; tbt: boolean } {
  return {
    performance: pick(page, "performance") >= pick(limit, "performance") - AT_LIMIT.performance - 1e-9,
    speedIndex: pick(page, "speedIndexMs") <= pick(limit, "speedIndexMs"),
    tbt: pick(page, "tbtMs") <= pick(limit, "tbtMs") + AT_LIMIT.tbtMs,
  }
}

/**
 * Every page beside its limit (the same page without its scripts),
 * measured in the same rounds: medians of its performance, Speed Index,
 * TBT, LCP and style and layout time, each with its limit's, and whether it
 * meets the targets.
 */
export function limitTable(pairs: { page: PageSeries; limit: PageSeries }[]): string {
  const row = ({ page, limit }: { page: PageSeries; limit: PageSeries }) => {
    const met = atLimit(page, limit)
    const verdict = met.performance && met.speedIndex && met.tbt ? "met" : "**not met**"
    const both = (key: keyof PageRun, show: (value: number) => string) =>
      `${show(pick(page, key))} (${show(pick(limit, key))})`
    return `| ${page.label} | ${both("performance", (value) => value.toFixed(2))} | ${both("speedIndexMs", ms)} | ${both("tbtMs", ms)} | ${both("lcpMs", ms)} | ${both("styleLayoutMs", ms)} | ${verdict} |`
  }
  return [
    "| page | performance (its limit) | Speed Index (its limit) | TBT (its limit) | LCP (its limit) | style & layout (its limit) | at its limit |",
    "|---|---:|---:|---:|---:|---:|---|",
    ...pairs.map(row),
  ].join("\n")
}

/** The line of `/contact`'s script budget (12 KB at start, 25 KB in all, gzipped), when the series holds it. */
export function contactBudget(contact: PageSeries | undefined): string {
  if (!contact) return "`/contact` was not measured in this run."
  const [atStart, inAll] = [pick(contact, "jsAtStartBytes"), pick(contact, "jsTotalBytes")]
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
  const met = atStart <= 12 * 1024 && inAll <= 25 * 1024
  return `\`/contact\`'s JavaScript: ${kb(atStart)} at start (at most 12 KB), ${kb(inAll)} in all (at most 25 KB): ${met ? "met" : "**not met**"}.`
}
