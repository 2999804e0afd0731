/**
 * A path without the slashes it ends with: `/contact/` → `/contact`, `/` → ``.
 * A loop rather than `/\/+$/`, which a regular expression engine retries
 * from every slash of a long run, in quadratic time.
 */
export function trimTrailingSlashes(path: string): string {
  let end = path.length
  while (end > 0 && path.charCodeAt(end - 1) === 0x2f) end -= 1
  return path.slice(0, end)
}

/** A path without the slashes it starts or ends with: `/es/contact/` → `es/contact`. */
export function trimSlashes(path: string): string {
  let start = 0
  while (start < path.length && path.charCodeAt(start) === 0x2f) start += 1
  return trimTrailingSlashes(path.slice(start))
}
