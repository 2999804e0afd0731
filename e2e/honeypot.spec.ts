import { contactForm, fillContact, nextWaitlistPost, uniqueEmail } from "./support/contact-form"
import { openHydrated } from "./support/hydration"
import { expect, test } from "./support/test"
import { storedEntry } from "./support/waitlist-entries"

test.describe("the honeypot", () => {
  test("is named city, off-screen, out of the tab order, without autocomplete", async ({ page }) => {
    await openHydrated(page, "/contact")
    const { honeypot } = contactForm(page)
    await expect(honeypot).toHaveAttribute("autocomplete", "off")
    await expect(honeypot).toHaveAttribute("tabindex", "-1")
    const box = await honeypot.boundingBox()
    expect(box && box.x + box.width).toBeLessThanOrEqual(0)
  })

  test("is sent as it is, not checked by the form", async ({ page }) => {
    await openHydrated(page, "/contact")
    const form = contactForm(page)
    const email = uniqueEmail("bot")
    await fillContact(page, { name: "Ana Lima", email, message: "Hello" })
    await form.honeypot.fill("Lisbon", { force: true })
    const [request] = await Promise.all([nextWaitlistPost(page), form.send.click()])
    expect(request.postDataJSON()).toMatchObject({ city: "Lisbon", email })
    await expect(page.getByText("Message sent!")).toBeVisible()
    // Our server quietly drops what a bot sends.
    expect(await storedEntry(email)).toBeUndefined()
  })
})
