import path from "path"

/**
 * Files `gatsby build` leaves in public/ for itself and its tools that the
 * site does not publish: source maps (the text of src/) and webpack's
 * statistics and chunk map (the build's layout). They answer 404.
 */
const UNPUBLISHED_NAMES = new Set(["webpack.stats.json", "chunk-map.json"])

/**
 * Whether a path of the built site is one of the build's own files, kept
 * from visitors. The path is judged as the static server reads it, decoded
 * and normalised (`/chunk%2Dmap.json`, `//./webpack%2estats.json`); a path
 * that does not decode is left to the static server, which refuses it.
 */
export function isUnpublished(urlPath: string): boolean {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return false
  }
  const normalised = path.posix.normalize(decoded)
  const name = normalised.slice(normalised.lastIndexOf("/") + 1)
  return name.endsWith(".map") || UNPUBLISHED_NAMES.has(name)
}
