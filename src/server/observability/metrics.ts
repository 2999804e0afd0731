/**
 * The process' metrics, in Prometheus' text format with prom-client: one
 * registry, made once at start and passed down, holding the site's
 * families (below) and prom-client's defaults for the process (CPU,
 * memory, handles, garbage collection, the event loop's lag). Later work
 * adds its own families to `registry` (a `new Counter({ ..., registers:
 * [metrics.registry] })`), keeping every label's values a small fixed set:
 * never a path, an address or anything else a visitor chooses.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client"
import { KINDS_OF_LANE, type DeliveryLane } from "../waitlist/deliveries"

/** The prefix of the site's own families. */
export const METRIC_PREFIX = "storyling_"

/** What became of a sign-up: a new entry, a repeat of a known address (or one past its 10 a day), a bot's (a filled honeypot), or refused (see SignupRefusal). */
export type SignupOutcome = "new" | "repeat" | "repeat_discarded" | "bot" | "refused"

/** Why a sign-up was refused, as the API's answer says. */
export type SignupRefusal = "method" | "cross_site" | "media_type" | "too_large" | "too_deep" | "malformed" | "invalid" | "rate_limited" | "unavailable"

/** Deliveries waiting, and how long ago the oldest of them was queued (null for none). */
export type PendingBacklog = { pending: number; oldestPendingSeconds: number | null }

/** Where the outbox stands, as a scrape reads it (see Readiness and OutboxStore's backlog): pending in all and by lane, and the mails of paused announcements apart. */
export type OutboxBacklog = PendingBacklog & { paused: number; lanes: Record<DeliveryLane, PendingBacklog> }

const LANES = Object.keys(KINDS_OF_LANE) as DeliveryLane[]

export type Metrics = {
  registry: Registry
  /** Requests answered, by route (see routeOf) and status. */
  httpRequests: Counter<"route" | "status">
  /** How long requests took to answer, by route and status. */
  httpDuration: Histogram<"route" | "status">
  /** Sign-ups by outcome, and a refusal's reason (empty for the others). */
  signups: Counter<"outcome" | "reason">
  /** Tries at the outbox's deliveries, by kind (notify, confirm, announcement, webhook) and outcome (see DeliveryOutcome). */
  deliveries: Counter<"kind" | "outcome">
  /** Bounces and complaints counted, by kind (hard, soft, complaint) and where they came from: the SMTP server's refusal, or the bounce mailbox. */
  bounces: Counter<"kind" | "source">
  /** Adds a gauge of whether the bounce mailbox could be read at its last poll (called once, when there is one). */
  watchBounceMailbox(reading: () => boolean): void
  /** Reads the outbox's backlog for a scrape (set once the store is known: see watchOutbox). */
  watchOutbox(read: () => Promise<OutboxBacklog | null>): void
}

/** Request durations' buckets, in seconds: pages answer in a millisecond or two, a sign-up in a few, an outage in up to five. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/**
 * Makes the registry and the site's families, with the process' defaults.
 * Each call makes a registry of its own (the tests run several servers in
 * one process).
 */
export function createMetrics(): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const registers = [registry]
  let readOutbox: () => Promise<OutboxBacklog | null> = async () => null
  let lastRead: Promise<OutboxBacklog | null> | null = null
  // The outbox's two gauges come from one read of the store per scrape.
  const backlog = () => (lastRead ??= readOutbox().finally(() => setImmediate(() => (lastRead = null))))
  new Gauge({
    name: `${METRIC_PREFIX}outbox_pending`,
    help: "Deliveries waiting in the outbox (due or not yet due) by lane: mail (confirmations, the team's), webhook, bulk (announcements); NaN while the store cannot be read.",
    labelNames: ["lane"],
    registers,
    async collect() {
      const read = await backlog()
      for (const lane of LANES) this.set({ lane }, read?.lanes[lane].pending ?? Number.NaN)
    },
  })
  new Gauge({
    name: `${METRIC_PREFIX}outbox_oldest_pending_age_seconds`,
    help: "How long ago the oldest pending delivery of each lane was queued; 0 when none is pending, NaN while the store cannot be read. The bulk lane's grows with an announcement's size at MAIL_RATE_PER_SECOND.",
    labelNames: ["lane"],
    registers,
    async collect() {
      const read = await backlog()
      for (const lane of LANES) this.set({ lane }, read === null ? Number.NaN : (read.lanes[lane].oldestPendingSeconds ?? 0))
    },
  })
  new Gauge({
    name: `${METRIC_PREFIX}outbox_paused`,
    help: "Mails of paused announcements, held until `announce resume`; NaN while the store cannot be read.",
    registers,
    async collect() {
      this.set((await backlog())?.paused ?? Number.NaN)
    },
  })
  return {
    registry,
    httpRequests: new Counter({ name: `${METRIC_PREFIX}http_requests_total`, help: "Requests answered, by route and status.", labelNames: ["route", "status"], registers }),
    httpDuration: new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: "How long requests took to answer, from their headers to the last byte written, by route and status.",
      labelNames: ["route", "status"],
      buckets: DURATION_BUCKETS,
      registers,
    }),
    signups: new Counter({ name: `${METRIC_PREFIX}signups_total`, help: "Sign-ups by outcome (new, repeat, repeat_discarded, bot, refused) and a refusal's reason.", labelNames: ["outcome", "reason"], registers }),
    deliveries: new Counter({
      name: `${METRIC_PREFIX}outbox_deliveries_total`,
      help: "Tries at the outbox's mails and webhook events, by kind (notify, confirm, announcement, webhook) and outcome (sent, retry, failed, bounced, released).",
      labelNames: ["kind", "outcome"],
      registers,
    }),
    bounces: new Counter({
      name: `${METRIC_PREFIX}bounces_total`,
      help: "Bounces and complaints counted, by kind (hard, soft, complaint) and source (smtp: refused at delivery; mailbox: read from BOUNCE_IMAP_URL).",
      labelNames: ["kind", "source"],
      registers,
    }),
    watchOutbox(read) {
      readOutbox = read
    },
    watchBounceMailbox(reading) {
      // Made only with a mailbox to read: without one, the family is absent rather than 0.
      new Gauge({
        name: `${METRIC_PREFIX}bounce_mailbox_up`,
        help: "1 when the bounce mailbox (BOUNCE_IMAP_URL) could be read at its last poll, 0 when not.",
        registers,
        collect() {
          this.set(reading() ? 1 : 0)
        },
      })
    },
  }
}
