import type { Locator, Page } from "@playwright/test"

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
