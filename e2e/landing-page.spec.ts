import { siteFacts } from "../src/config/site-facts"
import { DESKTOP_CHROME } from "../test/support/device-user-agents"
import { readFadeRecord, recordFade } from "./support/fade-recorder"
import { recordStoreRedirects } from "./support/store-redirects"
import { mockupFader, mockupImage, mockupOpacity } from "./support/phone-mockup"
import { expect, test } from "./support/test"

test.describe("the landing page", () => {
  test("shows the headline with 'one story' highlighted and the sub-text", async ({ page }) => {
    await page.goto("/")
    const headline = page.getByRole("heading", { level: 1 })
    await expect(headline).toHaveText("Learn a new language one story at a time.")
    // <mark> is HTML's own element for highlighted text.
    const highlight = headline.locator("mark")
    await expect(highlight).toHaveText("one story")
    const colorOf = (element: Element) => getComputedStyle(element).color
    expect(await highlight.evaluate(colorOf)).toBe("rgb(255, 167, 59)")
    expect(await headline.evaluate(colorOf)).not.toBe("rgb(255, 167, 59)")
    await expect(page.getByText(/blends words you already know with new vocabulary/)).toBeVisible()
  })

  test.describe("on a desktop browser", () => {
    // Chromium's headless User-Agent names itself a bot, which /get shows its page instead of a store.
    test.use({ userAgent: DESKTOP_CHROME })

    for (const { label, store, listing, campaign } of [
      {
        label: "Download for iPhone",
        store: "apple",
        listing: siteFacts.appStoreUrl,
        campaign: `?pt=${siteFacts.appStoreProviderToken}&ct=newsletter.launch`,
      },
      {
        label: "Download for Android",
        store: "google",
        listing: siteFacts.playStoreUrl,
        campaign: "&referrer=utm_source%3Dnewsletter%26utm_campaign%3Dlaunch",
      },
    ]) {
      test(`'${label}' opens /get?store=${store} in a new tab, without opener, which the site sends to the store's listing with the page's campaign`, async ({
        page,
        context,
      }) => {
        const redirects = await recordStoreRedirects(context)
        const landing = "/?utm_source=newsletter&utm_medium=email&utm_campaign=launch"
        await page.goto(landing)
        const button = page.getByRole("link", { name: label, exact: true })
        await expect(button).toHaveAttribute("target", "_blank")
        await expect(button).toHaveAttribute("href", `/get?store=${store}`)

        const [tab] = await Promise.all([page.waitForEvent("popup"), button.click()])
        await tab.waitForLoadState()
        // The page's address, its campaign with it, reaches /get as the Referer; the store gets the campaign alone.
        expect(redirects).toEqual([
          {
            url: new URL(`/get?store=${store}`, page.url()).href,
            referer: page.url(),
            status: 302,
            location: `${listing}${campaign}`,
          },
        ])
        expect(await tab.evaluate(() => window.opener)).toBeNull()
        await expect(page).toHaveURL(landing)
      })
    }
  })

  test("fades the phone mockup in: 100 ms delay, 350 ms fade, fully shown from about 450 ms on", async ({ page }) => {
    await recordFade(page)
    await page.goto("/")
    const { firstOpacity, samples } = await readFadeRecord(page)
    expect(firstOpacity).toBeLessThan(1)
    // Judged on the animation's own clock, so a late frame on a busy machine changes nothing.
    const early = samples.filter(({ ms }) => ms < 400)
    const late = samples.filter(({ ms }) => ms >= 450)
    expect(
      early.filter(({ opacity }) => opacity >= 1),
      "fully shown before 400 ms",
    ).toEqual([])
    expect(
      late.filter(({ opacity }) => opacity < 1),
      "not fully shown at 450 ms or later",
    ).toEqual([])
    expect(samples.at(-1)?.ms).toBeGreaterThanOrEqual(400)
    const timing = await mockupFader(page).evaluate((element) =>
      element.getAnimations().map((animation) => {
        const { delay, duration } = animation.effect?.getTiming() ?? {}
        return { delay, duration }
      }),
    )
    expect(timing).toEqual([{ delay: 100, duration: 350 }])
    expect(await mockupOpacity(page)).toBe(1)
    await expect(mockupImage(page)).toBeVisible()
    // The image itself is shown from the start: no script of the image plugin has to reveal it.
    expect(await mockupImage(page).evaluate((image) => getComputedStyle(image).opacity)).toBe("1")
  })

  test("shows the phone mockup without a fade to a visitor who asks for reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" })
    await page.goto("/")
    const timing = await mockupFader(page).evaluate((element) =>
      element.getAnimations().map((animation) => {
        const { delay, duration } = animation.effect?.getTiming() ?? {}
        return { delay, duration }
      }),
    )
    expect(timing.filter(({ delay, duration }) => delay !== 0 || Number(duration) > 1)).toEqual([])
    await expect.poll(() => mockupOpacity(page), { timeout: 1000 }).toBe(1)
    expect(await mockupImage(page).evaluate((image) => getComputedStyle(image).opacity)).toBe("1")
  })
})
