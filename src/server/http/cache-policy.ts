/**
 * How long a browser may keep each file of the build, after Gatsby's caching
 * guide (https://www.gatsbyjs.com/docs/caching/): files whose names carry a
 * content hash forever, everything else revalidated on every visit.
 */
export const IMMUTABLE = "public, max-age=31536000, immutable"
export const REVALIDATE = "public, max-age=0, must-revalidate"

/** Gatsby's hashed files, and the islands' scripts, which esbuild names with an upper-case hash. */
const HASHED = [/^\/static\//, /^\/[^/]+-[0-9a-f]{8,}\.(js|css|mjs)$/, /^\/island-[\w-]*-[A-Z0-9]{8}\.js$/]

/** The Cache-Control value for a path of the built site. */
export function cacheControlFor(urlPath: string): string {
  return HASHED.some((pattern) => pattern.test(urlPath)) ? IMMUTABLE : REVALIDATE
}
