import { contentSecurityPolicy } from "./content-security-policy"

/** A response header as gatsby-config's `headers` option writes it. */
export type ResponseHeader = { key: string; value: string }

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
