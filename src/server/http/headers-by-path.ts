import type { GatsbyConfig } from "gatsby"

/** The path pattern of gatsby-config's `headers` that matches every response. */
export const EVERY_PATH = "/*"

/** The headers the production server sets: those of every response, and those of each request's path. */
export type SiteHeaders = {
  /** What every response carries before its path is known (an answer to a malformed request). */
  everyPath: Readonly<Record<string, string>>
  /** What the response to a path carries: every path's headers, with those declared for that exact path over them. */
  at: (path: string) => Readonly<Record<string, string>>
}

const byName = (headers: { key: string; value: string }[]) =>
  Object.fromEntries(headers.map(({ key, value }) => [key, value]))

/** A path as Gatsby compares static sources: without its trailing slash ("/contact/" is "/contact"). */
const withoutTrailingSlash = (path: string) => (path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path)

/**
 * The headers gatsby-config declares, as the production server sets them:
 * those of every path ("/*"), overridden by those of an exact path, as
 * Gatsby's adapters order them. It refuses any other pattern (`/admin/*`,
 * `/:lang/get`) instead of silently not sending it: this server matches
 * these two kinds alone, and an address spelt otherwise than its exact
 * path (encoded, doubled slashes) gets every path's headers.
 */
export function headersByPath(declared: GatsbyConfig["headers"]): SiteHeaders {
  const entries = declared ?? []
  const patterns = entries.filter(({ source }) => source !== EVERY_PATH && /[*:]/.test(source))
  if (patterns.length) {
    throw new Error(
      `gatsby-config declares headers for ${patterns.map(({ source }) => source).join(", ")}; the site server only sends those of "${EVERY_PATH}" and of exact paths`,
    )
  }
  const everyPath = byName(entries.filter(({ source }) => source === EVERY_PATH).flatMap(({ headers }) => headers))
  const exact = new Map<string, Record<string, string>>()
  for (const { source, headers } of entries.filter(({ source }) => source !== EVERY_PATH)) {
    const path = withoutTrailingSlash(source)
    exact.set(path, { ...(exact.get(path) ?? everyPath), ...byName(headers) })
  }
  return { everyPath, at: (path) => exact.get(withoutTrailingSlash(path)) ?? everyPath }
}
