import type { Page } from "@playwright/test"

/** The fader's opacity at one frame, `ms` after its animation started. */
export type FadeSample = { ms: number; opacity: number }

/**
 * What the page saw of the phone's fade: its opacity when its element was
 * parsed, then one sample per frame, on the animation's own clock, up to the
 * first frame at full opacity. Frames may come late on a busy machine; the
 * samples' times say when each really was.
 */
export type FadeRecord = { firstOpacity: number; samples: FadeSample[] }

const FADER = '[data-testid="phone-mockup"]'

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
      const samples: { ms: number; opacity: number }[] = []
      const sample = () => {
        const startTime = fader.getAnimations()[0]?.startTime
        if (startTime !== null && startTime !== undefined) {
          const opacity = Number(getComputedStyle(fader).opacity)
          samples.push({ ms: Number(document.timeline.currentTime) - Number(startTime), opacity })
          if (opacity >= 1) return Object.assign(window, { __fadeRecord: { firstOpacity, samples } })
        }
        requestAnimationFrame(sample)
      }
      sample()
    })
    observer.observe(document, { childList: true, subtree: true })
  }, FADER)
}

/** The record `recordFade` left, once the phone is fully shown. @throws when it is not fully shown within 5 s. */
export async function readFadeRecord(page: Page): Promise<FadeRecord> {
  const record = await page.waitForFunction(
    () => (window as unknown as { __fadeRecord?: FadeRecord }).__fadeRecord,
    null,
    {
      timeout: 5000,
    },
  )
  return (await record.jsonValue()) as FadeRecord
}
