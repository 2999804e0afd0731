import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"
import { contactForm, fillContact, toast, uniqueEmail } from "./support/contact-form"
import { openHydrated } from "./support/hydration"
import { linkPath, mailTo } from "./support/mail-outbox"
import { expect, test } from "./support/test"
import { storedEntry } from "./support/waitlist-entries"

const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze()
  expect(violations.flatMap(({ id, nodes }) => nodes.map((node) => `${id}: ${node.target.join(" ")}`))).toEqual([])
}

/** Signs up through the contact form, as a visitor does, and returns the confirmation mail the server wrote. */
async function signUp(page: Page, label: string) {
  const email = uniqueEmail(label)
  await openHydrated(page, "/contact")
  await fillContact(page, { name: "Ana", email, message: "Hola" })
  await contactForm(page).send.click()
  await expect(toast(page, "Message sent!")).toBeVisible()
  return { email, mail: await mailTo(email) }
}

test.describe("the pages the links of the confirmation mail open", () => {
  test("the confirmation link opens a page whose button, pressed from the keyboard, confirms the address and leads to the person's place", async ({
    page,
  }) => {
    const { email, mail } = await signUp(page, "confirm")
    expect(mail.subject).toBe("Confirm your place on the Storyling waitlist")
    await page.goto(linkPath(mail, "/api/waitlist-confirm"))
    await expect(page).toHaveURL("/waitlist/confirm/")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your address")
    expect((await storedEntry(email))?.confirmedAt).toBeNull()
    expect(await page.locator("script[src]").count()).toBe(0)
    await expectAccessible(page)
    const button = page.getByRole("button", { name: "Confirm my address" })
    for (let i = 0; i < 30 && !(await button.evaluate((element) => element === document.activeElement)); i++)
      await page.keyboard.press("Tab")
    await expect(button).toBeFocused()
    await page.keyboard.press("Enter")
    await expect(page).toHaveURL(/\/waitlist\/place\?code=[A-Za-z\d]{8}&sig=[\da-f]{32}$/)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your place in line")
    await expect(page.getByText(/^You're number [1-9]\d* in line\.$/)).toBeVisible()
    await expectAccessible(page)
    expect((await storedEntry(email))?.confirmedAt).toBeInstanceOf(Date)
  })

  test("the leave link opens a page whose button removes the entry", async ({ page }) => {
    const { email, mail } = await signUp(page, "leave")
    await page.goto(linkPath(mail, "/api/waitlist-leave"))
    await expect(page).toHaveURL("/waitlist/leave/")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Leave the waitlist")
    await expectAccessible(page)
    await page.getByRole("button", { name: "Remove me from the waitlist" }).click()
    await expect(page).toHaveURL("/waitlist/left/")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You've left the waitlist")
    await expectAccessible(page)
    expect(await storedEntry(email)).toBeUndefined()
  })

  test("an expired or unknown link opens a page that offers to sign up again", async ({ page }) => {
    await page.goto(`/api/waitlist-confirm?token=${"x".repeat(43)}`)
    await expect(page).toHaveURL("/waitlist/link-expired/")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link has expired")
    await expectAccessible(page)
    await page.getByRole("link", { name: "Sign up again" }).click()
    await expect(page).toHaveURL("/contact")
  })
})
