import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"
import { COLOR_MODES, canvasColor, showInColorMode } from "./support/color-modes"
import { contactForm, fillContact, uniqueEmail } from "./support/contact-form"
import { openHydrated } from "./support/hydration"
import { waitForMockup } from "./support/phone-mockup"
import { ROUTES } from "./support/routes"
import { expect, test } from "./support/test"

/** WCAG 2.1 A and AA, as axe-core tags them. */
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

/** The axe violations on the page as it is now, one line per rule and element, for a readable failure. */
async function accessibilityViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze()
  return violations.flatMap(({ id, help, nodes }) => nodes.map((node) => `${id} (${help}): ${node.target.join(" ")}`))
}

for (const { mode, background } of COLOR_MODES) {
  test.describe(`accessibility in ${mode} mode (WCAG 2.1 AA)`, () => {
    test.beforeEach(async ({ page }) => {
      if (mode === "light") await showInColorMode(page, mode)
    })

    for (const { path } of ROUTES) {
      test(`${path} has no violations`, async ({ page }) => {
        await openHydrated(page, path)
        expect(await canvasColor(page)).toBe(background)
        if (path === "/") await waitForMockup(page)
        expect(await accessibilityViolations(page)).toEqual([])
      })
    }

    test("/contact showing its field errors has no violations", async ({ page }) => {
      await openHydrated(page, "/contact")
      await fillContact(page, { email: "ana@example" })
      await contactForm(page).send.click()
      await expect(page.getByText("Email is invalid")).toBeVisible()
      await expect(page.getByText("Name is required")).toBeVisible()
      expect(await canvasColor(page)).toBe(background)
      expect(await accessibilityViolations(page)).toEqual([])
    })

    test("/contact showing both toasts has no violations", async ({ page }) => {
      await openHydrated(page, "/contact")
      await fillContact(page, { name: "Ana", email: uniqueEmail("axe") })
      await contactForm(page).send.click()
      await expect(page.getByText("Message sent!")).toBeVisible()
      await page.route("**/api/waitlist", (route) => route.fulfill({ status: 503, json: {} }))
      await fillContact(page, { name: "Ana", email: uniqueEmail("axe") })
      await contactForm(page).send.click()
      await expect(page.getByText("An error occurred.")).toBeVisible()
      // Let the toasts' entrance animation end, so colors are measured as they settle.
      await page.waitForTimeout(800)
      expect(await accessibilityViolations(page)).toEqual([])
    })
  })
}
