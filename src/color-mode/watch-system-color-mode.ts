/** The localStorage key that mirrors the system's color-scheme preference. */
export const SYSTEM_COLOR_MODE_KEY = "system-color-mode"

const DARK_QUERY = "(prefers-color-scheme: dark)"

/**
 * Writes the system's color-scheme preference ("dark" or "light") to
 * localStorage and keeps it updated while the preference changes. It only
 * records the preference: the site's own color mode does not follow it.
 * Returns a function that stops watching.
 */
export function watchSystemColorMode(win: Window = window): () => void {
  const query = win.matchMedia?.(DARK_QUERY)
  if (!query) return () => undefined
  const record = () => {
    try {
      win.localStorage.setItem(SYSTEM_COLOR_MODE_KEY, query.matches ? "dark" : "light")
    } catch {
      // Storage can be disabled (private mode, blocked cookies): the site works without it.
    }
  }
  record()
  query.addEventListener("change", record)
  return () => query.removeEventListener("change", record)
}
