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

/** In how many rounds a page's figure was above its limit's, measured beside it. */
const roundsSlower = (page: PageSeries, limit: PageSeries, key: keyof PageRun) =>
  page.runs.filter((run, round) => run[key] > (limit.runs[round]?.[key] ?? Infinity)).length

/**
 * Every page beside its limit (the same page without its scripts),
 * measured in the same rounds: medians of its performance, Speed Index,
 * TBT, LCP and style and layout time, each with its limit's, in how many
 * rounds its Speed Index was the higher, and whether it meets the targets.
 */
export function limitTable(pairs: { page: PageSeries; limit: PageSeries }[]): string {
  const row = ({ page, limit }: { page: PageSeries; limit: PageSeries }) => {
    const met = atLimit(page, limit)
    const verdict = met.performance && met.speedIndex && met.tbt ? "met" : "**not met**"
    const both = (key: keyof PageRun, show: (value: number) => string) =>
      `${show(pick(page, key))} (${show(pick(limit, key))})`
    const slower = `${roundsSlower(page, limit, "speedIndexMs")} of ${page.runs.length}`
    return `| ${page.label} | ${both("performance", (value) => value.toFixed(2))} | ${both("speedIndexMs", ms)} | ${slower} | ${both("tbtMs", ms)} | ${both("lcpMs", ms)} | ${both("styleLayoutMs", ms)} | ${verdict} |`
  }
  return [
    "| page | performance (its limit) | Speed Index (its limit) | rounds its Speed Index was higher | TBT (its limit) | LCP (its limit) | style & layout (its limit) | at its limit |",
    "|---|---:|---:|---:|---:|---:|---:|---|",
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

/**
 * Every page at once: a page's figure minus its limit's in the same round,
 * over all pages and rounds, as the median difference with its 95%
 * interval (the ranks a sign test gives: distribution-free, so one late run
 * moves it by a rank, not by its size) and how many pairs were slower. A
 * median of five per page cannot tell a gap of a few milliseconds from the
 * spread of its runs; fifty pairs can say whether there is one.
 */
export function pooledGap(pairs: { page: PageSeries; limit: PageSeries }[], key: keyof PageRun, name: string): string {
  const differences = pairs
    .flatMap(({ page, limit }) => page.runs.map((run, round) => run[key] - (limit.runs[round]?.[key] ?? NaN)))
    .filter(Number.isFinite)
    .sort((a, b) => a - b)
  const n = differences.length
  if (n < 12) return `Too few pairs (${n}) for an interval of the gap in ${name}.`
  // The normal approximation of the sign test's binomial: the median lies between these ranks 95 times in 100.
  const below = Math.floor((n - 1.96 * Math.sqrt(n)) / 2)
  const signed = (value: number) => `${value > 0 ? "+" : value < 0 ? "−" : ""}${Math.abs(Math.round(value))} ms`
  const slower = differences.filter((difference) => difference > 0).length
  return `All pages pooled, ${name} of a page minus its limit's in the same round: median ${signed(median(differences))} over ${n} pairs, 95% interval ${signed(differences[below] ?? 0)} to ${signed(differences[n - 1 - below] ?? 0)}; the page slower in ${slower} of ${n}.`
}

/**
 * The pages slower than their limit in every round. A page no slower than
 * its limit has a median above the limit's about one time in two, so the
 * rule "no more than the limit's" marks about half of such pages not met;
 * higher in all of five rounds, it would be by chance one time in 32.
 */
export function slowerInEveryRound(pairs: { page: PageSeries; limit: PageSeries }[]): string {
  const slower = pairs.filter(({ page, limit }) => roundsSlower(page, limit, "speedIndexMs") === page.runs.length)
  const rounds = pairs[0]?.page.runs.length ?? 0
  const chance = 2 ** rounds
  const listed = slower.length ? slower.map(({ page }) => page.label).join(", ") : "none"
  return `Two pages alike have either median the higher about one time in two, so the rule "no more than the limit's" alone marks about half of the pages at their limit not met. Pages whose Speed Index was higher than their limit's in all ${rounds} rounds (one time in ${chance} by chance for a page at its limit): ${listed}.`
}
