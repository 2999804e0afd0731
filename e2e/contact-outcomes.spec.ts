import type { ConsoleMessage, Page } from "@playwright/test"
import { contactForm, fillContact, nextWaitlistPost, uniqueEmail } from "./support/contact-form"
import { openHydrated } from "./support/hydration"
import { expect, test } from "./support/test"
import { storedEntry } from "./support/waitlist-entries"

/** The page's own console.error calls (Chromium's network notices have no arguments). */
function recordConsoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error" && message.args().length > 0) errors.push(message.text())
  })
  return errors
}

const typed = { name: "Ana Lima", message: "Do you teach Portuguese?" }

test.describe("the contact form's outcome", () => {
  test.use({ viewport: { width: 1280, height: 720 } })

  test("on success: a toast, cleared fields, and the entry really stored on the waitlist", async ({ page }) => {
    await openHydrated(page, "/contact?utm_source=x&utm_campaign=y")
    const form = contactForm(page)
    const email = uniqueEmail("stored")
    await fillContact(page, { ...typed, email })
    await form.send.click()
    await expect(page.getByText("Message sent!", { exact: true })).toBeVisible()
    await expect(page.getByText("We'll get back to you as soon as possible.", { exact: true })).toBeVisible()
    for (const field of [form.name, form.email, form.message, form.honeypot]) await expect(field).toHaveValue("")

    const entry = await storedEntry(email)
    expect(entry).toMatchObject({ ...typed, email })
    expect(entry?.metadata).toMatchObject({ utm: { utm_source: "x", utm_campaign: "y" }, windowResolution: "1280x720" })
  })

  test("keeps the metadata gathered on load for the next entry, refreshing only its timestamp", async ({ page }) => {
    await openHydrated(page, "/contact?utm_source=x")
    const form = contactForm(page)
    await fillContact(page, { ...typed, email: uniqueEmail("first") })
    const [first] = await Promise.all([nextWaitlistPost(page), form.send.click()])
    await expect(page.getByText("Message sent!")).toBeVisible()

    // Gathered again, the window size would now differ: kept, it must not.
    await page.setViewportSize({ width: 800, height: 600 })
    const secondEmail = uniqueEmail("second")
    await fillContact(page, { name: "Bea", email: secondEmail })
    const [second] = await Promise.all([nextWaitlistPost(page), form.send.click()])
    await expect(page.getByText("Message sent!")).toHaveCount(2)

    const { timestamp: firstTime, ...firstRest } = first.postDataJSON().metadata
    const { timestamp: secondTime, ...secondRest } = second.postDataJSON().metadata
    expect(secondRest).toEqual(firstRest)
    expect(secondRest.windowResolution).toBe("1280x720")
    expect(Date.parse(secondTime)).toBeGreaterThan(Date.parse(firstTime))
    expect(await storedEntry(secondEmail)).toMatchObject({ name: "Bea", email: secondEmail, message: "" })
  })

  test("takes any OK answer as success", async ({ page }) => {
    await page.route("**/api/waitlist", (route) => route.fulfill({ status: 200, json: { whatever: 1 } }))
    await openHydrated(page, "/contact")
    await fillContact(page, { ...typed, email: uniqueEmail("ok") })
    await contactForm(page).send.click()
    await expect(page.getByText("Message sent!")).toBeVisible()
  })

  for (const { failure, breakIt } of [
    {
      failure: "the server answers 503",
      breakIt: (page: Page) =>
        page.route("**/api/waitlist", (route) => route.fulfill({ status: 503, json: { error: "Unavailable" } })),
    },
    {
      failure: "the network fails",
      breakIt: (page: Page) => page.route("**/api/waitlist", (route) => route.abort("connectionrefused")),
    },
  ]) {
    test(`when ${failure}: an error toast, the fields kept and the error logged`, async ({ page }) => {
      await breakIt(page)
      await openHydrated(page, "/contact")
      const consoleErrors = recordConsoleErrors(page)
      const form = contactForm(page)
      const email = uniqueEmail("failure")
      await fillContact(page, { ...typed, email })
      await form.send.click()
      await expect(page.getByText("An error occurred.", { exact: true })).toBeVisible()
      await expect(
        page.getByText("Unable to send your message. Please try again later.", { exact: true }),
      ).toBeVisible()
      await expect(page.getByText("Message sent!")).toHaveCount(0)
      await expect(form.name).toHaveValue(typed.name)
      await expect(form.email).toHaveValue(email)
      await expect(form.message).toHaveValue(typed.message)
      await expect(form.send).toBeEnabled()
      await expect.poll(() => consoleErrors.length).toBeGreaterThan(0)
      expect(await storedEntry(email)).toBeUndefined()
    })
  }
})
