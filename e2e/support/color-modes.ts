import type { Page } from "@playwright/test"

/** The two color modes of the theme, with the canvas color each paints. */
export const COLOR_MODES = [
  { mode: "dark", background: "rgb(3, 25, 18)" },
  { mode: "light", background: "rgb(255, 252, 245)" },
] as const

export type ColorMode = (typeof COLOR_MODES)[number]["mode"]

/**
 * Chooses the color mode before the page loads, as a visitor who once picked
 * it with the toggle has it: Theme UI reads it from localStorage.
 */
export async function chooseColorMode(page: Page, mode: ColorMode): Promise<void> {
  await page.addInitScript((chosen) => localStorage.setItem("theme-ui-color-mode", chosen), mode)
}

/** The page canvas's color: Theme UI paints the root element. */
export const canvasColor = (page: Page): Promise<string> =>
  page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)
