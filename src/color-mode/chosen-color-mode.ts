/** Where Theme UI keeps the color mode a visitor chose (the theme sets `useLocalStorage`). */
const THEME_UI_COLOR_MODE_KEY = "theme-ui-color-mode"

/**
 * An inline script for every static page: applies the color mode a visitor
 * chose, as Theme UI's own no-flash script does (the class `theme-ui-<mode>`
 * on the root element, whose CSS variables the theme's colors are), which
 * static pages leave out (see gatsby-config). Plain ES5 in a string; a
 * blocked storage counts as no choice.
 */
export const chosenColorModeScript = `(function () {
  try {
    var mode = localStorage.getItem("${THEME_UI_COLOR_MODE_KEY}");
    if (mode) document.documentElement.classList.add("theme-ui-" + mode);
  } catch (e) {}
})();`

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
