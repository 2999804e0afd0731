import type { Page } from "@playwright/test"
import { expectAccessible } from "./support/axe"
import { canvasColor, showInColorMode, COLOR_MODES } from "./support/color-modes"
import { contactForm, fillContact, toast, uniqueEmail } from "./support/contact-form"
import { openHydrated } from "./support/hydration"
import { linkPath, mailTo } from "./support/mail-outbox"
import { expect, test } from "./support/test"

/** Signs up through the form, confirms by the mail's link, and gives the place page's address the confirmation led to. */
async function confirmedPlacePage(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label)
  await openHydrated(page, "/contact")
  await fillContact(page, { name: "Ana", email, message: "" })
  await contactForm(page).send.click()
  await expect(toast(page, "Message sent!")).toBeVisible()
  await page.goto(linkPath(await mailTo(email), "/api/waitlist-confirm"))
  await page.getByRole("button", { name: "Confirm my address" }).click()
  await expect(page).toHaveURL(/\/waitlist\/place\?code=[A-Za-z\d]{8}&sig=[\da-f]{32}$/)
  return new URL(page.url()).pathname + new URL(page.url()).search
}

const position = /^You're number [1-9]\d* in line\.$/

test.describe("the place page, a page of the site", () => {
  test("has the site's header and footer, loads no script but its island, and its person's data is never cached", async ({
    page,
  }) => {
    const data = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/waitlist-place/data")
    await confirmedPlacePage(page, "place-layout")
    expect((await data).headers()["cache-control"]).toBe("private, no-store")
    await expect(page.getByText(position)).toBeVisible()
    await expect(page.getByRole("banner").getByRole("link", { name: "Contact us" })).toBeVisible()
    const footer = page.getByRole("contentinfo")
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toBeVisible()
    await expect(footer.getByRole("link", { name: "support@storyling.example.com" })).toBeVisible()
    const scripts = await page.locator("script[src]").evaluateAll((found) => found.map((s) => s.getAttribute("src")))
    expect(scripts).toEqual([expect.stringMatching(/^\/island-place-[A-Z0-9]{8}\.js$/)])
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex")
  })

  test("keeps the person on their place page in every language they choose", async ({ page }) => {
    const placePage = await confirmedPlacePage(page, "place-languages")
    const signed = new URL(placePage, "http://x").search
    await page.getByRole("contentinfo").getByRole("link", { name: "日本語" }).click()
    await expect(page).toHaveURL(`/ja/waitlist/place${signed}`)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("あなたの順番")
    await expect(page.getByText(/^あなたは[1-9]\d*番目です。$/)).toBeVisible()
    await expect(page.getByRole("link", { name: "LINE" })).toBeVisible()
    await expect(page.getByRole("heading", { level: 2, name: "これからのこと" })).toBeVisible()
    await page.getByRole("contentinfo").getByRole("link", { name: "Deutsch" }).click()
    await expect(page).toHaveURL(`/de/waitlist/place${signed}`)
    await expect(page.getByText(/^Du bist Nummer [1-9]\d* in der Reihe\.$/)).toBeVisible()
    await expect(page.getByRole("link", { name: "LINE" })).toHaveCount(0)
    await expect(page.getByRole("heading", { level: 2, name: "Wie es weitergeht" })).toBeVisible()
  })

  test("keeps the person on their place page when they switch language before its script has run", async ({ page }) => {
    const placePage = await confirmedPlacePage(page, "place-early-switch")
    const signed = new URL(placePage, "http://x").search
    // This visit's island never loads, so the language links stay as built, without the signed link.
    // It is asked for after the first paint, which may come after load: wait until it was asked for and refused.
    await page.route("**/island-place-*.js", (route) => route.abort())
    const refused = page.waitForEvent("requestfailed", (request) => /\/island-place-\w+\.js$/.test(request.url()))
    await page.goto(placePage)
    await refused
    await page.unroute("**/island-place-*.js")
    const japanese = page.getByRole("contentinfo").getByRole("link", { name: "日本語" })
    await expect(japanese).toHaveAttribute("href", /^\/ja\/waitlist\/place\/?$/)
    await japanese.click()
    await expect(page).toHaveURL(`/ja/waitlist/place${signed}`)
    await expect(page.getByText(/^あなたは[1-9]\d*番目です。$/)).toBeVisible()
  })

  test("opens nothing without its signature: a forged one leads to the expired link's page", async ({ page }) => {
    const placePage = await confirmedPlacePage(page, "place-forged")
    await page.goto(placePage.replace(/sig=[\da-f]{32}/, `sig=${"0".repeat(32)}`))
    await expect(page).toHaveURL("/waitlist/link-expired/")
    await page.goto(placePage.replace(/&sig=[\da-f]{32}/, ""))
    await expect(page).toHaveURL("/waitlist/link-expired/")
  })

  for (const { mode, background } of COLOR_MODES) {
    test(`has no accessibility violations in ${mode} mode, its place shown`, async ({ page, context }) => {
      const placePage = await confirmedPlacePage(page, `place-${mode}`)
      const tab = await context.newPage()
      if (mode === "light") await showInColorMode(tab, mode)
      await tab.goto(placePage)
      await expect(tab.getByText(position)).toBeVisible()
      expect(await canvasColor(tab)).toBe(background)
      await expectAccessible(tab)
    })
  }
})
