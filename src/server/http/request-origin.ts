/**
 * Whether a request's `Origin` is the site's own: one of the configured
 * origins (the site's URL), or the origin of the host the request was sent
 * to. A value that is not an origin is not the site's.
 */
export function isOwnOrigin(origin: string, headers: Headers, allowedOrigins: readonly string[]): boolean {
  if (allowedOrigins.includes(origin)) return true
  try {
    return new URL(origin).host === headers.get("host")
  } catch {
    return false
  }
}

/**
 * Whether a browser sent the request from another site: `Sec-Fetch-Site:
 * cross-site`, or an `Origin` that is not the site's own. (A request
 * without either, from a program rather than a page, is not.)
 */
export function isCrossSite(headers: Headers, allowedOrigins: readonly string[]): boolean {
  if (headers.get("sec-fetch-site") === "cross-site") return true
  const origin = headers.get("origin")
  return origin !== null && !isOwnOrigin(origin, headers, allowedOrigins)
}

/**
 * Whether a request that changes something comes from a page of the site
 * itself: `Sec-Fetch-Site`, when sent, says `same-origin` (never
 * `same-site`: another host of the domain is another origin), `Origin`,
 * when sent, is the site's own, and at least one of the two is sent
 * (every browser sends `Origin` with a POST or DELETE of fetch).
 */
export function isSameOrigin(headers: Headers, allowedOrigins: readonly string[]): boolean {
  const site = headers.get("sec-fetch-site")
  const origin = headers.get("origin")
  if (site === null && origin === null) return false
  if (site !== null && site !== "same-origin") return false
  return origin === null || isOwnOrigin(origin, headers, allowedOrigins)
}
