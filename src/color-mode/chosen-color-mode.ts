/** Where Theme UI keeps the color mode a visitor chose (the theme sets `useLocalStorage`); its no-flash script applies it before the first paint. */
const THEME_UI_COLOR_MODE_KEY = "theme-ui-color-mode"

/**
 * The color mode the page shows, read where Theme UI records it: "light"
 * when the visitor chose it, else the site's initial dark mode. For code
 * that runs without Theme UI's runtime (the contact form's island), which
 * must agree with the page its build styled. A blocked storage counts as no choice.
 */
export function chosenColorMode(): "dark" | "light" {
  try {
    return localStorage.getItem(THEME_UI_COLOR_MODE_KEY) === "light" ? "light" : "dark"
  } catch {
    return "dark"
  }
}
