import type { Page } from "@playwright/test"
import { contactForm, fillContact, toast, uniqueEmail } from "./support/contact-form"
import { openHydrated } from "./support/hydration"
import { expect, test } from "./support/test"

const outcomes = [
  { title: "Message sent!", arrange: async (_page: Page) => {} },
  {
    title: "An error occurred.",
    arrange: (page: Page) => page.route("**/api/waitlist", (route) => route.fulfill({ status: 503, json: {} })),
  },
]

/** Sends the form from the keyboard, so the pointer rests nowhere near the toast (hovering pauses it). */
async function sendFromKeyboard(page: Page) {
  await fillContact(page, { name: "Ana", email: uniqueEmail("toast") })
  await contactForm(page).email.press("Enter")
}

test.describe("the toasts", () => {
  for (const { title, arrange } of outcomes) {
    test(`'${title}' stays about 5 s, then closes by itself`, async ({ page }) => {
      await arrange(page)
      await openHydrated(page, "/contact")
      await sendFromKeyboard(page)
      await expect(toast(page, title)).toBeVisible()
      const shownAt = Date.now()
      await page.waitForTimeout(4000 - (Date.now() - shownAt))
      await expect(toast(page, title)).toBeVisible({ timeout: 1 })
      await expect(toast(page, title)).toHaveCount(0, { timeout: 6500 - (Date.now() - shownAt) })
    })

    test(`'${title}' closes with its close button`, async ({ page }) => {
      await arrange(page)
      await openHydrated(page, "/contact")
      await sendFromKeyboard(page)
      await toast(page, title).getByRole("button", { name: "close" }).click()
      await expect(toast(page, title)).toHaveCount(0, { timeout: 1500 })
    })
  }
})
