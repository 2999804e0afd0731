import { contactForm, fillContact, nextWaitlistPost, uniqueEmail } from "./support/contact-form"
import { openHydrated, waitForHydration } from "./support/hydration"
import { storedEntry } from "./support/waitlist-entries"
import { expect, test } from "./support/test"

const METADATA_FIELDS = [
  "userAgent",
  "platform",
  "vendor",
  "language",
  "languages",
  "screenResolution",
  "windowResolution",
  "pixelRatio",
  "timezone",
  "timezoneOffset",
  "timestamp",
  "connectionType",
  "referrer",
  "previousPage",
  "utm",
  // Beside the 15 fields of the spec: the page's language, which the mails to the visitor speak, and the personal link the visit came through.
  "locale",
  "referral",
]

test.describe("the contact form's request", () => {
  test.use({
    userAgent: "StorylingE2E/1.0 (a visitor of the browser tests)",
    locale: "de-DE",
    timezoneId: "Asia/Tokyo",
    viewport: { width: 1024, height: 700 },
    screen: { width: 1600, height: 900 },
    deviceScaleFactor: 2,
  })

  test("posts the entry as JSON with all 15 metadata fields and the page's locale, utm from the query string", async ({
    page,
  }) => {
    await openHydrated(page, "/contact?utm_source=x&utm_campaign=y")
    const browser = await page.evaluate(() => ({
      platform: navigator.platform,
      vendor: navigator.vendor,
      connectionType:
        (navigator as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType ?? null,
    }))
    // The metadata is gathered on load; its timestamp must be taken again at submit.
    await page.waitForTimeout(1000)
    const submittedAfter = Date.now()
    const email = uniqueEmail("metadata")
    await fillContact(page, { name: "Ana Lima", email, message: "Do you teach Portuguese?" })
    const [request] = await Promise.all([nextWaitlistPost(page), contactForm(page).send.click()])

    expect(request.headers()["content-type"]).toBe("application/json")
    const body = request.postDataJSON()
    expect(Object.keys(body).sort()).toEqual(["city", "email", "message", "metadata", "name"])
    expect(body).toMatchObject({ name: "Ana Lima", email, message: "Do you teach Portuguese?", city: "" })
    expect(Object.keys(body.metadata).sort()).toEqual([...METADATA_FIELDS].sort())
    expect(body.metadata).toMatchObject({
      userAgent: "StorylingE2E/1.0 (a visitor of the browser tests)",
      platform: browser.platform,
      vendor: browser.vendor,
      language: "de-DE",
      languages: ["de-DE"],
      screenResolution: "1600x900",
      windowResolution: "1024x700",
      pixelRatio: 2,
      timezone: "Asia/Tokyo",
      timezoneOffset: -540,
      connectionType: browser.connectionType,
      referrer: null,
      previousPage: null,
      utm: { utm_source: "x", utm_campaign: "y" },
      locale: "en",
      referral: null,
    })
    expect(browser.platform).not.toBe("")
    expect(body.metadata.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    const timestamp = Date.parse(body.metadata.timestamp)
    expect(timestamp).toBeGreaterThanOrEqual(submittedAfter)
    expect(timestamp).toBeLessThanOrEqual(Date.now())
    await expect(page.getByText("Message sent!")).toBeVisible()
  })

  test("sends the referrer as referrer and previousPage when the visitor came from another page", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/privacy-policy")
    const from = `${baseURL}/privacy-policy`
    await page.goto("/contact", { referer: from })
    await waitForHydration(page)
    expect(await page.evaluate(() => history.length)).toBeGreaterThan(1)
    await fillContact(page, { name: "Ana", email: uniqueEmail("referrer") })
    const [request] = await Promise.all([nextWaitlistPost(page), contactForm(page).send.click()])
    expect(request.postDataJSON().metadata).toMatchObject({ referrer: from, previousPage: from, utm: {} })
  })

  test("sends no previousPage from a new tab, whose history has one entry, though it has a referrer", async ({
    page,
    context,
    baseURL,
  }) => {
    await openHydrated(page, "/")
    const [tab] = await Promise.all([
      context.waitForEvent("page"),
      page
        .getByRole("banner")
        .getByRole("link", { name: "Contact us" })
        .click({ modifiers: ["ControlOrMeta"] }),
    ])
    await tab.bringToFront()
    await waitForHydration(tab)
    expect(await tab.evaluate(() => history.length)).toBe(1)
    const email = uniqueEmail("new-tab")
    await fillContact(tab, { name: "Ana", email })
    await contactForm(tab).send.click()
    await expect(tab.getByText("Message sent!")).toBeVisible()
    // Read back from the store: Playwright does not always report the requests of a tab opened this way.
    expect((await storedEntry(email))?.metadata).toMatchObject({ referrer: `${baseURL}/`, previousPage: null })
  })
})
