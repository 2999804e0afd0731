/**
 * The address of a store's listing with the campaign a visitor came by, so
 * each store's console reports installs by campaign. Nothing else of the
 * visitor's request goes into it. Each value is cut to the store's
 * documented limit and encoded (docs/editing.md says where each limit
 * comes from):
 * - App Store: `ct`, the campaign token (App Store Connect: at most 30
 *   letters, digits, spaces and the punctuation it lists, no space first
 *   or last), with `pt`, the team's provider token, which Apple accepts
 *   only beside a campaign token;
 * - Google Play: `referrer`, the campaign parameters as one encoded query
 *   (`utm_source%3D…%26utm_campaign%3D…`), as Google's campaign
 *   measurement builds it; Google documents no length, so each value keeps
 *   the 100 characters the site counts (see campaignValue).
 */
import type { SiteFacts } from "../../config/site-facts"
import type { Campaign } from "../visits/traffic-source"
import type { Store } from "../visits/store-clicks"

/** The longest campaign token App Store Connect makes. */
export const MAX_CAMPAIGN_TOKEN = 30

/** Characters App Store Connect does not take in a campaign token: all but ASCII letters, digits, spaces and the punctuation it lists. */
const NOT_IN_TOKEN = /[^\w ~+=<>:;,.'"*&$%#@?!|{}()[\]/\\-]/g

/**
 * The App Store's campaign token of a campaign: "source.campaign" (either
 * alone when the other is empty), accents taken off the letters, other
 * characters App Store Connect refuses left out, at most
 * MAX_CAMPAIGN_TOKEN characters, no space first or last; "" for none.
 */
export function campaignToken({ utmSource, utmCampaign }: Pick<Campaign, "utmSource" | "utmCampaign">): string {
  const named = [utmSource, utmCampaign].filter(Boolean).join(".")
  const plain = named.normalize("NFKD").replace(/\p{M}/gu, "").replace(NOT_IN_TOKEN, "")
  return plain.trim().slice(0, MAX_CAMPAIGN_TOKEN).trim()
}

/** Google Play's `referrer` value of a campaign, before it is encoded as a parameter: "" for none. */
export function playReferrer({ utmSource, utmCampaign }: Pick<Campaign, "utmSource" | "utmCampaign">): string {
  const pairs: [string, string][] = [
    ["utm_source", utmSource],
    ["utm_campaign", utmCampaign],
  ]
  return pairs
    .filter(([, value]) => value !== "")
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("&")
}

/** A parameter added to an address that may already have a query. */
const withParameters = (address: string, parameters: [string, string][]) =>
  parameters.length === 0
    ? address
    : `${address}${address.includes("?") ? "&" : "?"}${parameters.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("&")}`

/** The address `/get` sends a browser to: the store's listing, with the campaign when there is one. */
export function storeAddress(
  store: Store,
  campaign: Campaign,
  facts: Pick<SiteFacts, "appStoreUrl" | "playStoreUrl" | "appStoreProviderToken">,
): string {
  if (store === "google") {
    const referrer = playReferrer(campaign)
    return withParameters(facts.playStoreUrl, referrer ? [["referrer", referrer]] : [])
  }
  const token = campaignToken(campaign)
  if (!token) return facts.appStoreUrl
  return withParameters(
    facts.appStoreUrl,
    facts.appStoreProviderToken
      ? [
          ["pt", facts.appStoreProviderToken],
          ["ct", token],
        ]
      : [["ct", token]],
  )
}
