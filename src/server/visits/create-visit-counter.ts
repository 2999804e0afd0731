import { siteFacts } from "../../config/site-facts"
import type { Settings } from "../settings"
import type { WaitlistContext } from "../waitlist/waitlist-context"
import { VisitCounter } from "./visit-counter"

/** The site's own hosts, as referrers name them: the built site's address and SITE_URL's. */
export const ownHostsOf = (settings: Pick<Settings, "mail">): string[] => [...new Set([new URL(siteFacts.siteUrl).host, new URL(settings.mail.siteUrl).host])]

/**
 * The production server's counter of visits, on the waitlist's store, with
 * its settings (WAITLIST_TRUST_PROXY, SITE_URL's host), logger and clock,
 * its families on the metrics' registry; null when VISIT_COUNTING is 0.
 */
export function createVisitCounter(settings: Settings, context: Pick<WaitlistContext, "store" | "siteHosts" | "log" | "metrics" | "now">): VisitCounter | null {
  if (!settings.countVisits) return null
  const { store, siteHosts, log, metrics, now } = context
  return new VisitCounter({ store: () => store().visits, trustProxy: settings.trustProxy, ownHosts: siteHosts, log, metrics: metrics.registry, now })
}
