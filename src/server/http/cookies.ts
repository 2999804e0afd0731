/** The value of one cookie of a Cookie header, or undefined; the caller checks that it has the form it expects. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const pair of (header ?? "").split(";")) {
    const at = pair.indexOf("=")
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim()
  }
  return undefined
}
