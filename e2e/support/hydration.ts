import type { Page, Response } from "@playwright/test"

/**
 * Waits until React has taken over the page's server-rendered HTML: Gatsby
 * sets the `onInitialClientRender` performance mark once the first client
 * render is committed and its effects have run. A visitor who types into the
 * contact form before that moment types into plain HTML that React then
 * resets, and a click on 'Send' submits it the old way, so a test that acts
 * like a fast visitor must wait for it.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName("onInitialClientRender").length > 0)
}

/** Opens a page and waits for hydration. */
export async function openHydrated(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path)
  await waitForHydration(page)
  return response
}
