/**
 * The counting of visits' families on the metrics' registry (see
 * createMetrics): what an operator watches to see that counting keeps up
 * and that the store takes its batches. Labels are a few fixed words.
 */
import { Counter, Gauge, type Registry } from "prom-client"
import { METRIC_PREFIX } from "../observability/metrics"

/** What became of a page view: counted in memory, dropped (memory was full), or lost (counted, but its batch could not be written). */
type PageViewOutcome = "counted" | "dropped" | "lost"

export type VisitMetrics = {
  /** Adds page views of an outcome. */
  pageViews(outcome: PageViewOutcome, count?: number): void
  /** Counts a batch the store could not take. */
  writeFailed(): void
}

/**
 * Adds the families to `registry`: page views by outcome, failed writes,
 * and what waits in memory for the next write, read from `pending` at each
 * scrape.
 */
export function visitMetrics(registry: Registry, pending: () => { views: number; visitors: number }): VisitMetrics {
  const registers = [registry]
  const pageViews = new Counter({
    name: `${METRIC_PREFIX}page_views_total`,
    help: "Page views by outcome: counted (in memory, written at the next batch), dropped (more distinct combinations waited than are kept), lost (counted, but their batch could not be written).",
    labelNames: ["outcome"],
    registers,
  })
  // Bound once: a page view pays an increment, not a lookup of its labels.
  const byOutcome = {
    counted: pageViews.labels({ outcome: "counted" }),
    dropped: pageViews.labels({ outcome: "dropped" }),
    lost: pageViews.labels({ outcome: "lost" }),
  }
  const failures = new Counter({
    name: `${METRIC_PREFIX}visit_writes_failed_total`,
    help: "Batches of visit counts the store could not take (their page views are counted as lost).",
    registers,
  })
  new Gauge({
    name: `${METRIC_PREFIX}visit_pending`,
    help: "What waits in memory for the next write of visit counts: combinations of a page view's dimensions (views) and visitors.",
    labelNames: ["kind"],
    registers,
    collect() {
      const { views, visitors } = pending()
      this.set({ kind: "views" }, views)
      this.set({ kind: "visitors" }, visitors)
    },
  })
  return {
    pageViews: (outcome, count = 1) => byOutcome[outcome].inc(count),
    writeFailed: () => failures.inc(),
  }
}
