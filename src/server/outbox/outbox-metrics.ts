/**
 * The outbox's families on the metrics' registry: each try's outcome, and
 * the backlog by lane read from the database at each scrape (one read per
 * scrape for all three gauges).
 */
import { Counter, Gauge, type Registry } from "prom-client"
import type { Db } from "../db/db"
import { METRIC_PREFIX } from "../observability/metrics"
import { LANES, type Delivery } from "./deliveries"
import { outboxDepth, type OutboxDepth } from "./outbox-queries"
import type { DeliveryOutcome } from "./outbox-worker"

/** Adds the families to `registry`; gives what counts a try's outcome. */
export function outboxMetrics(registry: Registry, db: Db): (delivery: Delivery, outcome: DeliveryOutcome) => void {
  const registers = [registry]
  let lastRead: Promise<OutboxDepth | null> | null = null
  const depth = () =>
    (lastRead ??= outboxDepth(db)
      .catch(() => null)
      .finally(() => setImmediate(() => (lastRead = null))))
  const ageSeconds = (oldest: Date | null) =>
    oldest === null ? 0 : Math.max(0, Math.round((Date.now() - oldest.getTime()) / 1000))
  new Gauge({
    name: `${METRIC_PREFIX}outbox_pending`,
    help: "Deliveries waiting in the outbox (due or not yet due) by lane: mail (confirmations, rewards, the team's), webhook, bulk (announcements); NaN while the store cannot be read.",
    labelNames: ["lane"],
    registers,
    async collect() {
      const read = await depth()
      for (const lane of LANES) this.set({ lane }, read?.lanes[lane].pending ?? Number.NaN)
    },
  })
  new Gauge({
    name: `${METRIC_PREFIX}outbox_oldest_pending_age_seconds`,
    help: "How long ago the oldest pending delivery of each lane was queued; 0 when none is pending, NaN while the store cannot be read. The bulk lane's grows with an announcement's size at MAIL_RATE_PER_SECOND.",
    labelNames: ["lane"],
    registers,
    async collect() {
      const read = await depth()
      for (const lane of LANES)
        this.set({ lane }, read === null ? Number.NaN : ageSeconds(read.lanes[lane].oldestPendingAt))
    },
  })
  new Gauge({
    name: `${METRIC_PREFIX}outbox_paused`,
    help: "Mails of paused announcements, held until `announce resume`; NaN while the store cannot be read.",
    registers,
    async collect() {
      this.set((await depth())?.paused ?? Number.NaN)
    },
  })
  const deliveries = new Counter({
    name: `${METRIC_PREFIX}outbox_deliveries_total`,
    help: "Tries at the outbox's mails and webhook events, by kind (notify, confirm, reward, reward-alert, announcement, webhook) and outcome (sent, retry, failed, bounced, released).",
    labelNames: ["kind", "outcome"],
    registers,
  })
  return (delivery, outcome) => deliveries.inc({ kind: delivery.kind, outcome })
}
