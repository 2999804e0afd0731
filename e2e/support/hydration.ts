import type { Page, Response } from "@playwright/test"

/** Does the open page load Gatsby's client runtime? Only the pages that need React do (see src/static-html). */
export async function runsReact(page: Page): Promise<boolean> {
  return page.evaluate(() => document.querySelector('script[src^="/app-"]') !== null)
}

/**
 * Waits until the page is ready for a visitor. Where React runs, that is when
 * it has taken over the page's server-rendered HTML: Gatsby sets the
 * `onInitialClientRender` performance mark once the first client render is
 * committed and its effects have run. A visitor who types into the contact
 * form before that moment types into plain HTML that React then resets, and
 * a click on 'Send' submits it the old way, so a test that acts like a fast
 * visitor must wait for it. A page without the runtime is ready when loaded.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForLoadState("load")
  if (!(await runsReact(page))) return
  await page.waitForFunction(() => performance.getEntriesByName("onInitialClientRender").length > 0)
}

/** Opens a page and waits until it is ready (hydrated, where React runs). */
export async function openHydrated(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path)
  await waitForHydration(page)
  return response
}
