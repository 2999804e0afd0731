/**
 * The links of a person's place: the personal link they share
 * (`/r/<code>`, public), and the signed link of their place page, which
 * only our mails and the answer to confirming carry. The signature is a
 * keyed hash of the code under the database's own key, so the code alone
 * (which every friend sees) never opens the place page.
 */
import { timingSafeEqual } from "crypto"
import type { Response } from "express"
import type { Db } from "../db/db"
import { sendJson } from "../http/answers"
import type { LinkRateLimit } from "../rate-limits/link-rate-limit"
import { isLanguageCode, localizedPath, type LanguageCode } from "../../i18n/languages"
import { PLACE_PAGE_PATH } from "../../waitlist/place-view"

/** The path of the place page's old links, which mails already sent carry: it leads to the place page in the person's language. */
export const PLACE_PATH = "/api/waitlist-place"

/** The headers of an answer holding a person's data: kept by no cache, shared or not, and no Referer sent on. */
export const PERSONAL_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" }

/** The API's answer (a 404) to a signed link that opens nothing. */
export const LINK_OPENS_NOTHING = "This link has expired or is not valid."

/**
 * Counts a request of the API against its client's limit of personal
 * links; past it, answers the JSON 429 with Retry-After and gives true.
 */
export async function refusedPastLinkLimit(retryAfterOf: LinkRateLimit, res: Response): Promise<boolean> {
  const retryAfter = await retryAfterOf(res)
  if (retryAfter === null) return false
  sendJson(
    res,
    429,
    { error: "Too many requests from this address. Please wait a minute, then try again." },
    { ...PERSONAL_HEADERS, "Retry-After": String(retryAfter) },
  )
  return true
}

/** The signature of a code's place page: 128 bits of its keyed hash, in hex. Valid inside the database's `read` and `write`. */
export const placeSignature = (db: Db, code: string): string => db.keyedHash(`place-link:${code}`).slice(0, 32)

/** Whether a signature is the code's (compared in constant time). */
export function isPlaceSignature(db: Db, code: string, signature: string): boolean {
  const expected = Buffer.from(placeSignature(db, code))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** The personal link a person shares: `https://storyling.app/r/k3T9xQ2a`. */
export const personalLink = (siteUrl: string, code: string): string => `${siteUrl}/r/${code}`

/**
 * The signed link of a person's place page: the page in a language of the
 * site (`/es/waitlist/place?code=…&sig=…`), or, for a language that is none
 * of the site's, PLACE_PATH, which picks the person's own. Relative without
 * a site URL.
 */
export function placeLink(db: Db, code: string, lang: LanguageCode | string, siteUrl = ""): string {
  const query = new URLSearchParams({ code, sig: placeSignature(db, code) })
  const path = isLanguageCode(lang) ? localizedPath(lang, PLACE_PAGE_PATH) : PLACE_PATH
  return `${siteUrl}${path}?${query.toString()}`
}
