import type { Page, Response } from "@playwright/test"
import { CONTACT_FORM_ISLAND_ID, CONTACT_FORM_READY_MARK } from "../../src/components/ready-marks"
import { ISLAND_SRC_ATTRIBUTE } from "../../src/ssr/start-islands-script"

/**
 * Does the open page run React (Preact) in the browser? In the build only
 * /contact does, as an island hydrating its form (see src/islands), which
 * its element names and the page's script starts after the first paint; with the
 * color-mode toggle on, every page loads Gatsby's client runtime instead.
 */
export async function runsReact(page: Page): Promise<boolean> {
  return page.evaluate(
    (island) => document.querySelector(`script[src^="/app-"], [${island}]`) !== null,
    ISLAND_SRC_ATTRIBUTE,
  )
}

/**
 * Waits until the page is ready for a visitor. Where React runs, that is when
 * it has taken over the page's server-rendered HTML: the contact form sets
 * the CONTACT_FORM_READY_MARK performance mark once 'Send' works, and
 * Gatsby's runtime sets `onInitialClientRender` once its first render is
 * committed. A visitor who types into the contact form before that moment
 * types into plain HTML that React then resets, and a click on 'Send'
 * submits it the old way, so a test that acts like a fast visitor must wait
 * for it. A page without the runtime is ready when loaded.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForLoadState("load")
  if (!(await runsReact(page))) return
  await page.waitForFunction(
    ({ formReady, islandId }) => {
      const mark = document.getElementById(islandId)?.querySelector("form") ? formReady : "onInitialClientRender"
      return performance.getEntriesByName(mark).length > 0
    },
    { formReady: CONTACT_FORM_READY_MARK, islandId: CONTACT_FORM_ISLAND_ID },
  )
}

/** Opens a page and waits until it is ready (hydrated, where React runs). */
export async function openHydrated(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path)
  await waitForHydration(page)
  return response
}
