import type { Page } from "@playwright/test"
import { translate, type MessageKey } from "../src/i18n/messages"
import { contactForm, fillContact, toast, uniqueEmail } from "./support/contact-form"
import { openHydrated, waitForHydration } from "./support/hydration"
import { linkPath, mailTo } from "./support/mail-outbox"
import { expect, test } from "./support/test"

const de = (key: MessageKey) => translate("de", key)

/** Opens the confirmation link mailed to an address and presses its button, in the page's language. */
async function confirm(page: Page, email: string, button: string) {
  await page.goto(linkPath(await mailTo(email), "/api/waitlist-confirm"))
  await page.getByRole("button", { name: button }).click()
  await expect(page).toHaveURL(/\/waitlist\/place\?code=/)
}

test("a personal link's code reaches the form through another language and other pages, with no cookie, and the referral is credited", async ({
  page,
  context,
}) => {
  const ana = uniqueEmail("referrer")
  await openHydrated(page, "/contact")
  await fillContact(page, { name: "Ana", email: ana, message: "" })
  await contactForm(page).send.click()
  await expect(toast(page, "Message sent!")).toBeVisible()
  await confirm(page, ana, "Confirm my address")
  const placePage = page.url()
  const link = await page.getByLabel("Your personal link").inputValue()
  await expect(page.getByText("No friend has joined through your link yet.")).toBeVisible()

  // A friend's visit, in a tab of its own: the personal link, German chosen in the footer, the privacy policy, then the header's button to the form.
  const friend = await context.newPage()
  await friend.goto(new URL(link).pathname)
  await expect(friend).toHaveURL(/\/\?ref=[A-Za-z\d]{8}&utm_source=personal-link$/)
  await friend.getByRole("contentinfo").getByRole("link", { name: "Deutsch" }).click()
  await expect(friend).toHaveURL("/de")
  await friend
    .getByRole("contentinfo")
    .getByRole("link", { name: de("footer.privacy") })
    .click()
  await expect(friend).toHaveURL("/de/privacy-policy")
  await friend
    .getByRole("banner")
    .getByRole("link", { name: de("header.contact") })
    .click()
  await expect(friend).toHaveURL("/de/contact")
  await waitForHydration(friend)
  expect(await context.cookies()).toEqual([])
  const ben = uniqueEmail("friend")
  const form = friend.getByRole("form", { name: de("contact.title") })
  await form.getByLabel(de("form.name"), { exact: true }).fill("Ben")
  await form.getByLabel(de("form.email"), { exact: true }).fill(ben)
  const sent = friend.waitForRequest((request) => new URL(request.url()).pathname === "/api/waitlist")
  await form.getByRole("button", { name: de("form.send") }).click()
  expect(JSON.parse((await sent).postData() ?? "{}").metadata.referral).toBe(new URL(link).pathname.slice(3))
  await expect(toast(friend, de("toast.success.title"))).toBeVisible()
  await confirm(friend, ben, de("link.confirm.button"))

  await page.goto(placePage)
  await expect(page.getByText("1 friend joined through your link.")).toBeVisible()
})
