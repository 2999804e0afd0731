/**
 * Where a request comes from, as a browser says it: the checks that keep
 * another site from sending the waitlist's form or changing anything in
 * the admin on a visitor's behalf.
 */
import type { IncomingHttpHeaders } from "http"

const one = (value: string | string[] | undefined): string | null => (Array.isArray(value) ? (value[0] ?? null) : (value ?? null))

/**
 * Whether a request's `Origin` is the site's own: one of the configured
 * origins (the site's URL), or the origin of the host the request was sent
 * to. A value that is not an origin is not the site's.
 */
export function isOwnOrigin(origin: string, headers: IncomingHttpHeaders, allowedOrigins: readonly string[]): boolean {
  if (allowedOrigins.includes(origin)) return true
  try {
    return new URL(origin).host === one(headers.host)
  } catch {
    return false
  }
}

/**
 * Whether a browser sent the request from another site: `Sec-Fetch-Site:
 * cross-site`, or an `Origin` that is not the site's own. (A request
 * without either, from a program rather than a page, is not.)
 */
export function isCrossSite(headers: IncomingHttpHeaders, allowedOrigins: readonly string[]): boolean {
  if (one(headers["sec-fetch-site"]) === "cross-site") return true
  const origin = one(headers.origin)
  return origin !== null && !isOwnOrigin(origin, headers, allowedOrigins)
}

/**
 * Whether a request that changes something comes from a page of the site
 * itself: `Sec-Fetch-Site`, when sent, says `same-origin` (never
 * `same-site`: another host of the domain is another origin), `Origin`,
 * when sent, is the site's own, and at least one of the two is sent
 * (every browser sends `Origin` with a POST or DELETE of fetch).
 */
export function isSameOrigin(headers: IncomingHttpHeaders, allowedOrigins: readonly string[]): boolean {
  const site = one(headers["sec-fetch-site"])
  const origin = one(headers.origin)
  if (site === null && origin === null) return false
  if (site !== null && site !== "same-origin") return false
  return origin === null || isOwnOrigin(origin, headers, allowedOrigins)
}
