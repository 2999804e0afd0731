/**
 * Files `gatsby build` leaves in public/ for itself and its tools that the
 * site does not publish: source maps (the text of src/) and webpack's
 * statistics and chunk map (the build's layout). They answer 404.
 */
const UNPUBLISHED_NAMES = new Set(["webpack.stats.json", "chunk-map.json"])

/** Whether a path of the built site is one of the build's own files, kept from visitors. */
export function isUnpublished(urlPath: string): boolean {
  const name = urlPath.slice(urlPath.lastIndexOf("/") + 1)
  return name.endsWith(".map") || UNPUBLISHED_NAMES.has(name)
}
