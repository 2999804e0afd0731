import type { Page } from "@playwright/test"
import { COLOR_MODES, canvasColor } from "./support/color-modes"
import { openHydrated } from "./support/hydration"
import { ROUTES } from "./support/routes"
import { expect, test } from "./support/test"

const [DARK] = COLOR_MODES
const systemColorMode = (page: Page) => page.evaluate(() => localStorage.getItem("system-color-mode"))

test.describe("the color mode", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    test.describe(`when the system prefers ${colorScheme}`, () => {
      test.use({ colorScheme })

      test("starts dark on every route, before and after React takes over", async ({ page }) => {
        for (const { path } of ROUTES) {
          await page.goto(path, { waitUntil: "commit" })
          await page.waitForSelector("main")
          expect(await canvasColor(page), `${path} as served`).toBe(DARK.background)
          await openHydrated(page, path)
          expect(await canvasColor(page), `${path} once hydrated`).toBe(DARK.background)
        }
      })

      test(`records '${colorScheme}' as system-color-mode in localStorage`, async ({ page }) => {
        await page.goto("/")
        await expect.poll(() => systemColorMode(page)).toBe(colorScheme)
      })
    })
  }

  test("keeps system-color-mode up to date while the preference changes, without following it", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" })
    await openHydrated(page, "/contact")
    await expect.poll(() => systemColorMode(page)).toBe("dark")
    await page.emulateMedia({ colorScheme: "light" })
    await expect.poll(() => systemColorMode(page)).toBe("light")
    expect(await canvasColor(page)).toBe(DARK.background)
    await page.emulateMedia({ colorScheme: "dark" })
    await expect.poll(() => systemColorMode(page)).toBe("dark")
  })

  test("hides the color-mode toggle by default (the switched-on toggle is covered by jest)", async ({ page }) => {
    for (const { path } of ROUTES) {
      await openHydrated(page, path)
      await expect(page.getByRole("button", { name: /mode/i })).toHaveCount(0)
      await expect(page.getByRole("banner").getByRole("button")).toHaveCount(0)
    }
  })

  test("stays dark while the toggle is hidden, whatever the browser has stored (a toggle's choice is Theme UI's, covered by jest)", async ({
    page,
  }) => {
    await openHydrated(page, "/")
    await page.evaluate(() => localStorage.setItem("theme-ui-color-mode", "light"))
    for (const path of ["/", "/contact", "/privacy-policy"]) {
      await openHydrated(page, path)
      expect(await canvasColor(page), path).toBe(DARK.background)
    }
  })
})
