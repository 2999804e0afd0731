import { isLanguageCode } from "../i18n/languages"
import { isReferralCode, PERSONAL_LINK_SOURCE } from "./referral-code"

/** Where a person came from and which language they signed up in, as the dashboard counts entries. */
export type EntryAttribution = {
  /** The site's language of the page the form was on ("en", "pt-br"), or null when the browser sent none the site has. */
  lang: string | null
  /** The host of the page before the form (`referrer`), or null. */
  referrerHost: string | null
  utmSource: string | null
  utmMedium: string | null
  utmCampaign: string | null
}

/** The longest value of an attribution kept: a host name's limit, and a campaign tag's. */
const MAX_PART = 253

const bounded = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, MAX_PART) : null

/** The host of a referrer URL, lower-cased; null for anything that is not an http(s) URL. */
function hostOf(referrer: unknown): string | null {
  if (typeof referrer !== "string" || referrer.length > 2048) return null
  try {
    const url = new URL(referrer)
    return url.protocol === "https:" || url.protocol === "http:" ? bounded(url.hostname.toLowerCase()) : null
  } catch {
    return null
  }
}

/**
 * What the first sign-up of an entry says of its origin (first touch): the
 * page's language, the referrer's host and the campaign's utm tags. A
 * visit that came through a personal link (its `referral` code) has the
 * source PERSONAL_LINK_SOURCE, as its landing page's visit has, unless the
 * form's own page names another. Reads metadata as stored (each field may
 * be null or, in rows of earlier versions, missing), never more than its
 * known fields.
 */
export function entryAttribution(metadata: Record<string, unknown>): EntryAttribution {
  const utm =
    typeof metadata.utm === "object" && metadata.utm !== null && !Array.isArray(metadata.utm)
      ? (metadata.utm as Record<string, unknown>)
      : {}
  return {
    lang: isLanguageCode(metadata.locale) ? metadata.locale : null,
    referrerHost: hostOf(metadata.referrer),
    utmSource: bounded(utm.utm_source) ?? (isReferralCode(metadata.referral) ? PERSONAL_LINK_SOURCE : null),
    utmMedium: bounded(utm.utm_medium),
    utmCampaign: bounded(utm.utm_campaign),
  }
}
