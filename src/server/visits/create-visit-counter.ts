import { siteFacts } from "../../config/site-facts"
import type { Settings } from "../settings"
import type { WaitlistContext } from "../waitlist/waitlist-context"
import { VisitCounter } from "./visit-counter"

/** The site's own hosts, as referrers name them: the built site's address and SITE_URL's. */
export const ownHostsOf = (settings: Pick<Settings, "mail">): string[] => [...new Set([new URL(siteFacts.siteUrl).host, new URL(settings.mail.siteUrl).host])]

/**
 * The production server's counter of visits, on the waitlist's store, with
 * its settings (WAITLIST_TRUST_PROXY, SITE_URL), log and clock; null when
 * VISIT_COUNTING is 0.
 */
export function createVisitCounter(settings: Settings, context: Pick<WaitlistContext, "store" | "log" | "now">): VisitCounter | null {
  if (!settings.countVisits) return null
  return new VisitCounter({ store: () => context.store().visits, trustProxy: settings.trustProxy, ownHosts: ownHostsOf(settings), log: context.log, now: context.now })
}
