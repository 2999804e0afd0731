/**
 * A store's listing with the campaign a visitor came by, so each store's
 * console reports installs by campaign: `ct` and `pt` for the App Store,
 * `referrer` for Google Play, each value cut to the store's documented limit
 * (docs/editing.md) and encoded. Nothing else of the request goes in.
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
