import { contactForm, fillContact, recordWaitlistPosts, uniqueEmail } from "./support/contact-form"
import { openHydrated } from "./support/hydration"
import { expect, test } from "./support/test"

test.describe("the contact form while sending", () => {
  test("shows a disabled 'Sending…' button while the request is in flight, then 'Send' again", async ({ page }) => {
    let answer = () => {}
    const held = new Promise<void>((resolve) => (answer = resolve))
    await page.route("**/api/waitlist", async (route) => {
      await held
      await route.fallback()
    })
    await openHydrated(page, "/contact")
    const posts = recordWaitlistPosts(page)
    const form = contactForm(page)
    await fillContact(page, { name: "Ana", email: uniqueEmail("sending"), message: "Hello" })
    await form.send.click()

    await expect(form.sending).toBeVisible()
    await expect(form.sending).toBeDisabled()
    await expect(form.send).toHaveCount(0)
    await expect(page.getByText("Message sent!")).toHaveCount(0)

    answer()
    await expect(page.getByText("Message sent!")).toBeVisible()
    await expect(form.send).toBeEnabled()
    await expect(form.sending).toHaveCount(0)
    expect(posts).toHaveLength(1)
  })

  test("sends once when 'Send' is pressed twice, or Enter is pressed while sending", async ({ page }) => {
    let answer = () => {}
    const held = new Promise<void>((resolve) => (answer = resolve))
    await page.route("**/api/waitlist", async (route) => {
      await held
      await route.fallback()
    })
    await openHydrated(page, "/contact")
    const posts = recordWaitlistPosts(page)
    const form = contactForm(page)
    await fillContact(page, { name: "Ana", email: uniqueEmail("twice") })
    await form.send.dblclick()
    await expect(form.sending).toBeDisabled()
    await form.email.press("Enter")
    await form.sending.click({ force: true })
    await page.waitForTimeout(300)
    answer()
    await expect(page.getByText("Message sent!")).toBeVisible()
    await page.waitForTimeout(300)
    expect(posts).toHaveLength(1)
  })
})
