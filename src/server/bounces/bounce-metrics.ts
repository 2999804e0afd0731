/** The bounces' families on the metrics' registry: each bounce or complaint counted, and whether the bounce mailbox can be read. */
import { Counter, Gauge, type Registry } from "prom-client"
import { METRIC_PREFIX } from "../observability/metrics"
import type { BounceKind } from "../outbox/deliveries"

export type BounceMetrics = { counted(kind: BounceKind, source: "smtp" | "mailbox"): void }

/** Adds the families to `registry`; the mailbox's gauge only with a mailbox to read (without one, the family is absent rather than 0). */
export function bounceMetrics(registry: Registry, mailboxReadable: (() => boolean) | null): BounceMetrics {
  const registers = [registry]
  const bounces = new Counter({
    name: `${METRIC_PREFIX}bounces_total`,
    help: "Bounces and complaints counted, by kind (hard, soft, complaint) and source (smtp: refused at delivery; mailbox: read from BOUNCE_IMAP_URL).",
    labelNames: ["kind", "source"],
    registers,
  })
  if (mailboxReadable) {
    new Gauge({
      name: `${METRIC_PREFIX}bounce_mailbox_up`,
      help: "1 when the bounce mailbox (BOUNCE_IMAP_URL) could be read at its last poll, 0 when not.",
      registers,
      collect() {
        this.set(mailboxReadable() ? 1 : 0)
      },
    })
  }
  return { counted: (kind, source) => bounces.inc({ kind, source }) }
}
