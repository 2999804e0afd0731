import type { Locator, Page } from "@playwright/test"
import { siteFacts } from "../src/config/site-facts"
import { contactForm, nextWaitlistPost, uniqueEmail } from "./support/contact-form"
import { openHydrated } from "./support/hydration"
import { expect, test } from "./support/test"

/** What a keyboard user passes through on /contact, in order. */
function tabStops(page: Page): [string, Locator][] {
  const form = contactForm(page)
  const footer = page.getByRole("contentinfo")
  return [
    ["skip link", page.getByRole("link", { name: "Skip to content" })],
    ["logo", page.getByRole("banner").getByRole("link", { name: siteFacts.appName, exact: true })],
    ["Name", form.name],
    ["Email", form.email],
    ["Message", form.message],
    ["Send", form.send],
    ["logo mark", footer.getByRole("link", { name: `${siteFacts.appName} home` })],
    ["support e-mail", footer.getByRole("link", { name: siteFacts.supportEmail })],
    ["Privacy Policy", footer.getByRole("link", { name: "Privacy Policy" })],
    ["Terms of Service", footer.getByRole("link", { name: "Terms of Service" })],
  ]
}

/** The focus ring a keyboard user sees on the element that has focus. */
const focusRing = (locator: Locator) =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element)
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor }
  })

test.describe("the contact form from the keyboard", () => {
  test("Tab visits skip link, logo, Name, Email, Message, Send, then the footer, never the honeypot, each with a visible focus ring", async ({
    page,
  }) => {
    await openHydrated(page, "/contact")
    for (const [label, stop] of tabStops(page)) {
      await page.keyboard.press("Tab")
      await expect(stop, `Tab should reach the ${label}`).toBeFocused()
      await expect(contactForm(page).honeypot).not.toBeFocused()
      const ring = await focusRing(stop)
      expect(ring.style, `focus ring of the ${label}`).toBe("solid")
      expect(ring.width, `focus ring of the ${label}`).toBeGreaterThanOrEqual(2)
      expect(ring.color, `focus ring of the ${label}`).not.toMatch(/rgba\(.*, 0\)$|transparent/)
    }
  })

  test("the skip link, once focused, shows itself and jumps to the content", async ({ page }) => {
    await openHydrated(page, "/contact")
    await page.keyboard.press("Tab")
    const skip = page.getByRole("link", { name: "Skip to content" })
    await expect(skip).toBeInViewport()
    await page.keyboard.press("Enter")
    await expect(page.getByRole("main")).toBeFocused()
    await page.keyboard.press("Tab")
    await expect(contactForm(page).name).toBeFocused()
  })

  test("a visitor fills and sends the form with the keyboard alone, Enter submitting", async ({ page }) => {
    await openHydrated(page, "/contact")
    const form = contactForm(page)
    await page.keyboard.press("Tab")
    await page.keyboard.press("Tab")
    await page.keyboard.press("Tab")
    await expect(form.name).toBeFocused()
    await page.keyboard.press("Enter")
    await expect(page.getByText("Name is required", { exact: true })).toBeVisible()
    await expect(form.name).toBeFocused()

    const email = uniqueEmail("keyboard")
    await page.keyboard.type("Ana")
    await page.keyboard.press("Tab")
    await page.keyboard.type(email)
    await page.keyboard.press("Tab")
    await page.keyboard.type("Sent without a mouse.")
    await page.keyboard.press("Shift+Tab")
    const [request] = await Promise.all([nextWaitlistPost(page), page.keyboard.press("Enter")])
    expect(request.postDataJSON()).toMatchObject({ name: "Ana", email, message: "Sent without a mouse.", city: "" })
    await expect(page.getByText("Message sent!")).toBeVisible()
  })

  test("Space on the focused 'Send' button sends too", async ({ page }) => {
    await openHydrated(page, "/contact")
    const form = contactForm(page)
    await form.name.focus()
    await page.keyboard.type("Ana")
    await page.keyboard.press("Tab")
    await page.keyboard.type(uniqueEmail("space"))
    await page.keyboard.press("Tab")
    await page.keyboard.press("Tab")
    await expect(form.send).toBeFocused()
    await Promise.all([nextWaitlistPost(page), page.keyboard.press("Space")])
    await expect(page.getByText("Message sent!")).toBeVisible()
  })
})
