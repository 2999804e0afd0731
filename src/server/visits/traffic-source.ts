/**
 * Where a visit or a sign-up came from: the campaign parameters of its
 * address (utm_source, utm_medium, utm_campaign) and the host of its
 * referrer. Page views and sign-ups are read by the same rules, so the
 * funnel lines them up by source.
 */
import type { Source } from "../../admin-api/visit-stats"

/** The longest referrer read; a longer one counts as coming from "other". */
export const MAX_REFERRER_LENGTH = 2048
/** The longest campaign value kept: a longer one is cut. */
export const MAX_UTM_LENGTH = 100
/** The longest host name (RFC 1035). */
const MAX_HOST_LENGTH = 253

/** The source of a visit that had neither a referrer nor campaign parameters. */
export const DIRECT = "(direct)"
/** The source of a sign-up whose page was reached from the site itself, without campaign parameters. */
export const INTERNAL = "(internal)"
/** What a value past a day's cap (or one that cannot be read) is counted as. */
export const OTHER = "(other)"

/** The campaign parameters counted, as they are named in addresses. */
export type Campaign = { utmSource: string; utmMedium: string; utmCampaign: string }

/** A visit's or a sign-up's origin: the referrer's host ("" for none or the site itself) and the campaign. */
export type Origin = Campaign & { referrer: string; internal: boolean }

/** A campaign value: trimmed and at most MAX_UTM_LENGTH characters (a character cut in two is dropped). */
export function campaignValue(value: unknown): string {
  if (typeof value !== "string") return ""
  const cut = value
    .slice(0, MAX_UTM_LENGTH + 1)
    .trim()
    .slice(0, MAX_UTM_LENGTH)
  return cut.replace(/[\uD800-\uDBFF]$/, "")
}

/**
 * The host of a referrer, lower-case and without a leading "www.": "" for
 * none, null for the site's own hosts, OTHER for one that is too long or
 * is no http(s) address.
 */
export function referrerHost(referrer: string | null | undefined, ownHosts: readonly string[]): string | null {
  if (!referrer) return ""
  if (referrer.length > MAX_REFERRER_LENGTH) return OTHER
  let url: URL
  try {
    url = new URL(referrer)
  } catch {
    return OTHER
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return OTHER
  const host = url.host.toLowerCase()
  if (ownHosts.includes(host)) return null
  const name = url.hostname.toLowerCase().replace(/^www\./, "")
  return name.length > MAX_HOST_LENGTH ? OTHER : name
}

/** The origin of a visit or sign-up from its referrer and its campaign parameters (each bounded before it is used). */
export function originOf(
  referrer: string | null | undefined,
  utm: (name: string) => unknown,
  ownHosts: readonly string[],
): Origin {
  const host = referrerHost(referrer, ownHosts)
  return {
    referrer: host ?? "",
    internal: host === null,
    utmSource: campaignValue(utm("utm_source")),
    utmMedium: campaignValue(utm("utm_medium")),
    utmCampaign: campaignValue(utm("utm_campaign")),
  }
}

/**
 * The source an origin counts under, or null for a page view reached from
 * the site itself without campaign parameters (a visitor moving between
 * pages arrives from nowhere new).
 */
export function sourceOf({ referrer, internal, utmSource, utmMedium, utmCampaign }: Origin): Source | null {
  if (utmSource === "" && internal) return null
  return { source: utmSource || referrer || DIRECT, medium: utmMedium, campaign: utmCampaign }
}

/** A source as one stored value (the funnel's key). */
export const sourceKey = ({ source, medium, campaign }: Source): string => JSON.stringify([source, medium, campaign])

/** A source from its stored value (see sourceKey). */
export function sourceFromKey(key: string): Source {
  try {
    const [source = OTHER, medium = "", campaign = ""] = JSON.parse(key) as string[]
    return { source: String(source), medium: String(medium), campaign: String(campaign) }
  } catch {
    return { source: OTHER, medium: "", campaign: "" }
  }
}
