import type { Page } from "@playwright/test"

/** The two color modes of the theme, with the canvas color each paints. */
export const COLOR_MODES = [
  { mode: "dark", background: "rgb(3, 25, 18)" },
  { mode: "light", background: "rgb(255, 252, 245)" },
] as const

export type ColorMode = (typeof COLOR_MODES)[number]["mode"]

/**
 * Shows every page in a color mode from before its first paint, as a build
 * with the toggle shows it to a visitor who chose the mode: Theme UI's
 * script puts the class `theme-ui-<mode>` on the root element, whose CSS
 * variables the theme's colors are. The build under test hides the toggle,
 * so no visitor of it can choose, and nothing of its own applies a choice.
 */
export async function showInColorMode(page: Page, mode: ColorMode): Promise<void> {
  await page.addInitScript((shown) => {
    new MutationObserver((_, observer) => {
      if (!document.documentElement) return
      document.documentElement.classList.add(`theme-ui-${shown}`)
      observer.disconnect()
    }).observe(document, { childList: true })
  }, mode)
}

/** The page canvas's color: Theme UI paints the root element. */
export const canvasColor = (page: Page): Promise<string> =>
  page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)
