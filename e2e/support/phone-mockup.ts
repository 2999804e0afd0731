import type { Locator, Page } from "@playwright/test"

/**
 * What the page saw of the fade: the opacity when the phone's element was
 * parsed, and how long after its animation started it first showed opacity 1.
 */
export type FadeRecord = { firstOpacity: number; msToFullOpacity: number }

const FADER = '[data-testid="phone-mockup"]'

/** The phone image, found as a visitor's screen reader finds it. */
export const mockupImage = (page: Page): Locator => page.getByRole("img", { name: /Storyling app on a phone/ })

/** The element that fades the phone in (its wrapper carries the animation). */
export const mockupFader = (page: Page): Locator => page.getByTestId("phone-mockup")

/** The fader's computed opacity right now. */
export const mockupOpacity = (page: Page): Promise<number> =>
  mockupFader(page).evaluate((element) => Number(getComputedStyle(element).opacity))

/** Waits for the fade-in to end, so that screenshots and contrast checks see the phone. */
export async function waitForMockup(page: Page): Promise<void> {
  await mockupFader(page).evaluate((element) => Promise.all(element.getAnimations().map((a) => a.finished)))
}

/**
 * Watches the fade from inside the page, from the moment the phone's element
 * is parsed (the test runner itself only gets to look much later). Call it
 * before `page.goto`; read the result with `readFadeRecord`.
 */
export async function recordFade(page: Page): Promise<void> {
  await page.addInitScript((selector) => {
    const observer = new MutationObserver(() => {
      const fader = document.querySelector(selector)
      if (!fader) return
      observer.disconnect()
      const firstOpacity = Number(getComputedStyle(fader).opacity)
      const watch = () => {
        const startTime = Number(fader.getAnimations()[0]?.startTime ?? NaN)
        if (Number.isNaN(startTime) || Number(getComputedStyle(fader).opacity) < 1) return requestAnimationFrame(watch)
        const msToFullOpacity = Number(document.timeline.currentTime) - startTime
        Object.assign(window, { __fadeRecord: { firstOpacity, msToFullOpacity } })
      }
      watch()
    })
    observer.observe(document, { childList: true, subtree: true })
  }, FADER)
}

/** The record `recordFade` left, once the phone is fully shown. @throws when it is not fully shown within 5 s. */
export async function readFadeRecord(page: Page): Promise<FadeRecord> {
  const handle = await page.waitForFunction(() => (window as unknown as { __fadeRecord?: FadeRecord }).__fadeRecord, null, {
    timeout: 5000,
  })
  return (await handle.jsonValue()) as FadeRecord
}
