import { translate } from "../src/i18n/messages"
import { contactForm, fillContact, toast, uniqueEmail } from "./support/contact-form"
import { openHydrated } from "./support/hydration"
import { linkPath, mailTo } from "./support/mail-outbox"
import { expect, test } from "./support/test"
import { storedEntry } from "./support/waitlist-entries"

test.describe("what a visitor is told comes next", () => {
  test("after a sign-up, a note beside the form says where the link went; the link in the mail confirms the place", async ({
    page,
  }) => {
    const email = uniqueEmail("next")
    await openHydrated(page, "/contact")
    await fillContact(page, { name: "Ana", email: `  ${email} `, message: "" })
    await contactForm(page).send.click()
    await expect(toast(page, "Message sent!")).toBeVisible()
    const note = page.getByRole("status").filter({ hasText: "Check your inbox" })
    await expect(note).toHaveText(
      `Check your inbox: we sent a link to ${email}. Opening it confirms your place in line.`,
    )
    // The toast goes; the note stays.
    await expect(toast(page, "Message sent!")).toBeHidden({ timeout: 15_000 })
    await expect(note).toBeVisible()

    const mail = await mailTo(email)
    await page.goto(linkPath(mail, "/api/waitlist-confirm"))
    await page.getByRole("button", { name: "Confirm my address" }).click()
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your place in line")
    expect((await storedEntry(email))?.confirmedAt).toBeInstanceOf(Date)
  })

  for (const [lang, path] of [
    ["en", "/waitlist/confirmed/"],
    ["ja", "/ja/waitlist/confirmed/"],
  ] as const)
    test(`the confirmation page says which mails to expect, and names no launch day while the site's facts plan none (${lang})`, async ({
      page,
    }) => {
      await page.goto(path)
      const next = page.getByRole("region", { name: translate(lang, "next.title") })
      await expect(next).toContainText(translate(lang, "next.mails"))
      await expect(next.locator("p")).toHaveCount(1)
    })
})
