/**
 * The process' one registry of metrics (prom-client), made at start and
 * passed down: the requests' families and the process' defaults here, each
 * feature adding its own, every label a small fixed set of values (never
 * what a visitor chooses).
 */
import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client"

/** The prefix of the site's own families. */
export const METRIC_PREFIX = "storyling_"

export type Metrics = {
  registry: Registry
  /** Requests answered, by route (see routeOf) and status. */
  httpRequests: Counter<"route" | "status">
  /** How long requests took to answer, by route and status. */
  httpDuration: Histogram<"route" | "status">
}

/** Request durations' buckets, in seconds: pages answer in a millisecond or two, a sign-up in a few, an outage in up to five. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/**
 * Makes the registry and the requests' families, with the process'
 * defaults. Each call makes a registry of its own (the tests run several
 * servers in one process).
 */
export function createMetrics(): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const registers = [registry]
  return {
    registry,
    httpRequests: new Counter({
      name: `${METRIC_PREFIX}http_requests_total`,
      help: "Requests answered, by route and status.",
      labelNames: ["route", "status"],
      registers,
    }),
    httpDuration: new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: "How long requests took to answer, from their headers to the last byte written, by route and status.",
      labelNames: ["route", "status"],
      buckets: DURATION_BUCKETS,
      registers,
    }),
  }
}
