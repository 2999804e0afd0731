import { readFadeRecord, recordFade } from "./support/fade-recorder"
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

  for (const { label, store } of [
    { label: "Download for iPhone", store: /^https:\/\/apps\.apple\.com\// },
    { label: "Download for Android", store: /^https:\/\/play\.google\.com\/store\/apps\// },
  ]) {
    test(`'${label}' opens its store listing in a new tab, without opener or referrer`, async ({ page }) => {
      await page.goto("/")
      const button = page.getByRole("link", { name: label, exact: true })
      await expect(button).toHaveAttribute("target", "_blank")
      const rel = ((await button.getAttribute("rel")) ?? "").split(/\s+/)
      expect(rel).toEqual(expect.arrayContaining(["noopener", "noreferrer"]))
      const href = await button.getAttribute("href")
      expect(href).toMatch(store)

      const [tab] = await Promise.all([page.waitForEvent("popup"), button.click()])
      await tab.waitForLoadState()
      expect(tab.url()).toBe(href)
      expect(await tab.evaluate(() => [window.opener, document.referrer])).toEqual([null, ""])
      await expect(page).toHaveURL("/")
    })
  }

  test("fades the phone mockup in: 100 ms delay, 350 ms fade, fully shown from about 450 ms on", async ({ page }) => {
    await recordFade(page)
    await page.goto("/")
    const { firstOpacity, samples } = await readFadeRecord(page)
    expect(firstOpacity).toBeLessThan(1)
    // Judged on the animation's own clock, so a late frame on a busy machine changes nothing.
    const early = samples.filter(({ ms }) => ms < 400)
    const late = samples.filter(({ ms }) => ms >= 450)
    expect(early.filter(({ opacity }) => opacity >= 1), "fully shown before 400 ms").toEqual([])
    expect(late.filter(({ opacity }) => opacity < 1), "not fully shown at 450 ms or later").toEqual([])
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
  })
})
