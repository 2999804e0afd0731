import { siteFacts } from "../config/site-facts"

/** Where Theme UI keeps the color mode a visitor chose (the theme sets `useLocalStorage`). */
const THEME_UI_COLOR_MODE_KEY = "theme-ui-color-mode"

/**
 * The color mode the page shows. Only a header with the toggle lets a
 * visitor choose one; its pages carry Theme UI's runtime and its script that
 * applies the choice before the first paint (gatsby-config), and "light" is
 * read where Theme UI records it. Without the toggle every page is the
 * site's initial dark mode, and nothing reads storage for it. For code that
 * runs without Theme UI's runtime (the contact form's island), which must
 * agree with the page. A blocked storage counts as no choice.
 */
export function chosenColorMode(): "dark" | "light" {
  if (!siteFacts.showColorModeToggle) return "dark"
  try {
    return localStorage.getItem(THEME_UI_COLOR_MODE_KEY) === "light" ? "light" : "dark"
  } catch {
    return "dark"
  }
}
