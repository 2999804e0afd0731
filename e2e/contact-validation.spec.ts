import { contactForm, expectErrorUnder, fillContact, recordWaitlistPosts, uniqueEmail } from "./support/contact-form"
import { openHydrated } from "./support/hydration"
import { expect, test } from "./support/test"

/** Long enough for a request the submit would have started to reach the test runner. */
const GRACE_MS = 300

test.describe("the contact form's validation", () => {
  test("shows 'Name is required' and 'Email is required' under empty fields and sends nothing", async ({ page }) => {
    await openHydrated(page, "/contact")
    const posts = recordWaitlistPosts(page)
    const form = contactForm(page)
    await form.send.click()
    await expectErrorUnder(page, form.name, "Name is required")
    await expectErrorUnder(page, form.email, "Email is required")
    await expect(form.message).toHaveAccessibleDescription("")
    await page.waitForTimeout(GRACE_MS)
    expect(posts).toHaveLength(0)
  })

  test("treats a name and an e-mail of spaces only as missing", async ({ page }) => {
    await openHydrated(page, "/contact")
    const posts = recordWaitlistPosts(page)
    const form = contactForm(page)
    await fillContact(page, { name: "   ", email: " \t ", message: "Hello" })
    await form.send.click()
    await expectErrorUnder(page, form.name, "Name is required")
    await expectErrorUnder(page, form.email, "Email is required")
    await page.waitForTimeout(GRACE_MS)
    expect(posts).toHaveLength(0)
  })

  for (const email of ["ana", "ana@example", "ana@.com", "ana@example.", "ana maria@example.com", "@example.com"]) {
    test(`shows 'Email is invalid' for '${email}' and sends nothing`, async ({ page }) => {
      await openHydrated(page, "/contact")
      const posts = recordWaitlistPosts(page)
      const form = contactForm(page)
      await fillContact(page, { name: "Ana", email })
      await form.send.click()
      await expectErrorUnder(page, form.email, "Email is invalid")
      await expect(form.name).toHaveAccessibleDescription("")
      await page.waitForTimeout(GRACE_MS)
      expect(posts).toHaveLength(0)
    })
  }

  test("recalculates the errors on every attempt and sends once none is left", async ({ page }) => {
    await openHydrated(page, "/contact")
    const posts = recordWaitlistPosts(page)
    const form = contactForm(page)
    await form.send.click()
    await expectErrorUnder(page, form.name, "Name is required")

    await fillContact(page, { name: "Ana" })
    await form.send.click()
    await expect(page.getByText("Name is required")).toHaveCount(0)
    await expectErrorUnder(page, form.email, "Email is required")

    await fillContact(page, { email: "ana@example" })
    await form.send.click()
    await expectErrorUnder(page, form.email, "Email is invalid")
    await expect(page.getByText("Email is required")).toHaveCount(0)
    await page.waitForTimeout(GRACE_MS)
    expect(posts).toHaveLength(0)

    await fillContact(page, { email: `  ${uniqueEmail("recalculated")}  ` })
    await form.send.click()
    await expect(page.getByText("Message sent!")).toBeVisible()
    await expect(page.getByText(/is (required|invalid)$/)).toHaveCount(0)
    expect(posts).toHaveLength(1)
  })

  test("does not check the message: an empty one is sent", async ({ page }) => {
    await openHydrated(page, "/contact")
    const posts = recordWaitlistPosts(page)
    await fillContact(page, { name: "Ana", email: uniqueEmail("no-message") })
    await contactForm(page).send.click()
    await expect(page.getByText("Message sent!")).toBeVisible()
    expect(posts).toHaveLength(1)
    expect(posts[0]?.postDataJSON()).toMatchObject({ message: "" })
  })
})
