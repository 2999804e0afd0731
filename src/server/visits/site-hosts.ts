import { siteFacts } from "../../config/site-facts"
import type { Settings } from "../settings"

/** The site's own hosts, as referrers name them: the built site's address and SITE_URL's. A referrer there is no source of a visit or a sign-up. */
export const siteHostsOf = (settings: Pick<Settings, "mail">): string[] => [
  ...new Set([new URL(siteFacts.siteUrl).host, new URL(settings.mail.siteUrl).host]),
]
