import { LANGUAGES, localizedPath } from "../i18n/languages"
import { contentSecurityPolicy } from "./content-security-policy"

/** A response header as gatsby-config's `headers` option writes it. */
export type ResponseHeader = { key: string; value: string }

/** Headers for the responses of one path pattern, as gatsby-config's `headers` option declares them. */
export type HeadersOfPath = { source: string; headers: ResponseHeader[] }

/**
 * Browser features the site never uses, denied to it and to anything it might
 * embed. Only features Chromium knows: it warns in the console about any other.
 */
export const DENIED_FEATURES = [
  "accelerometer",
  "autoplay",
  "browsing-topics",
  "camera",
  "display-capture",
  "encrypted-media",
  "gamepad",
  "geolocation",
  "gyroscope",
  "hid",
  "idle-detection",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
] as const

/** Two years, as the HSTS preload list asks of a site that may join it. */
const HSTS_MAX_AGE = 2 * 365 * 24 * 60 * 60

/**
 * The security headers every response of the production site carries, in
 * the format of gatsby-config's `headers` option.
 * @param scriptHashes the hashes of the inline scripts the build emitted (see inline-script-hashes.ts)
 */
export function securityHeaders(scriptHashes: readonly string[]): ResponseHeader[] {
  return [
    { key: "Content-Security-Policy", value: contentSecurityPolicy(scriptHashes) },
    { key: "Strict-Transport-Security", value: `max-age=${HSTS_MAX_AGE}; includeSubDomains` },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "Permissions-Policy", value: DENIED_FEATURES.map((feature) => `${feature}=()`).join(", ") },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  ]
}

/** The public pages of the spec and `/get`, in every language: the pages a first visit opens. */
export const PUBLIC_PAGES: readonly string[] = LANGUAGES.flatMap(({ code }) =>
  ["/", "/contact", "/privacy-policy", "/terms-and-conditions", "/get"].map((page) => localizedPath(code, page)),
)

/**
 * The headers of gatsby-config's `headers` option: the security headers on
 * every path, but a window of its own (Cross-Origin-Opener-Policy) only off
 * the public pages. The public pages hold nothing another site's window
 * could learn, and on them the header cost a first visit more than all the
 * page's scripts (docs/benchmarks.md); the admin, the waitlist's pages, the
 * API and any other path keep it, whatever the spelling of their address.
 * @param scriptHashes the hashes of the inline scripts the build emitted (see inline-script-hashes.ts)
 */
export function siteHeaders(scriptHashes: readonly string[]): HeadersOfPath[] {
  const sharedWindow = [{ key: "Cross-Origin-Opener-Policy", value: "unsafe-none" }]
  return [
    { source: "/*", headers: securityHeaders(scriptHashes) },
    ...PUBLIC_PAGES.map((source) => ({ source, headers: sharedWindow })),
  ]
}
