/**
 * Where a request comes from, as a browser says it: the checks that keep
 * another site from sending the waitlist's form or changing anything in
 * the admin on a visitor's behalf.
 */
import type { IncomingHttpHeaders } from "http"

const one = (value: string | string[] | undefined): string | null =>
  Array.isArray(value) ? (value[0] ?? null) : (value ?? null)

/** The names of this machine a browser on it reaches a server listening on loopback or on every address by. */
const LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]"]

/**
 * The origins the site's pages are served from: its public addresses
 * (SITE_URL, the site's facts) and the addresses of this machine the
 * server listens on at `port`, where no other site can be served. Never
 * the request's own Host: a name an attacker points at this server (DNS
 * rebinding) would make any page the site's.
 */
export function ownOrigins(publicUrls: readonly string[], host: string, port: number): string[] {
  const everyAddress = host === "0.0.0.0" || host === "::"
  const loopback = everyAddress || host === "::1" || host === "localhost" || host.startsWith("127.")
  const local = [
    ...(loopback ? LOOPBACK_HOSTS : []),
    ...(everyAddress ? [] : [host.includes(":") ? `[${host}]` : host]),
  ].map((name) => `http://${name}:${port}`)
  return [...new Set([...publicUrls.map((url) => new URL(url).origin), ...local])]
}

/** Whether an `Origin` is one of the site's own (see ownOrigins); a value that is not an origin is not. */
const isOwnOrigin = (origin: string, allowedOrigins: readonly string[]): boolean => allowedOrigins.includes(origin)

/**
 * Whether a browser sent the request from another site: `Sec-Fetch-Site:
 * cross-site`, or an `Origin` that is not the site's own. (A request
 * without either, from a program rather than a page, is not.)
 */
export function isCrossSite(headers: IncomingHttpHeaders, allowedOrigins: readonly string[]): boolean {
  if (one(headers["sec-fetch-site"]) === "cross-site") return true
  const origin = one(headers.origin)
  return origin !== null && !isOwnOrigin(origin, allowedOrigins)
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
  return origin === null || isOwnOrigin(origin, allowedOrigins)
}
