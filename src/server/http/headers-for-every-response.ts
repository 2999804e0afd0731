import type { GatsbyConfig } from "gatsby"

/** The path pattern of gatsby-config's `headers` that matches every response. */
export const EVERY_PATH = "/*"

/**
 * The headers gatsby-config declares for every path ("/*"), as the
 * production server sets them on every response. It refuses declarations for
 * narrower paths instead of silently not sending them: this server applies
 * one set of headers to everything.
 */
export function headersForEveryResponse(declared: GatsbyConfig["headers"]): Record<string, string> {
  const narrower = (declared ?? []).filter(({ source }) => source !== EVERY_PATH).map(({ source }) => source)
  if (narrower.length) {
    throw new Error(
      `gatsby-config declares headers for ${narrower.join(", ")}; the site server only sends those of "${EVERY_PATH}"`,
    )
  }
  const headers = (declared ?? []).flatMap((entry) => entry.headers)
  return Object.fromEntries(headers.map(({ key, value }) => [key, value]))
}
