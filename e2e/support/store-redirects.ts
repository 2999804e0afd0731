import type { BrowserContext } from "@playwright/test"
import { OUTSIDE_PAGE } from "./test"

/** What the site answered a tab's request of `/get?store=…`: the request as the browser sent it, and where the site sent it. */
export type StoreRedirect = { url: string; referer: string | undefined; status: number; location: string | undefined }

/**
 * Records the site's answers to the browser's requests of `/get?store=…`
 * and shows the stand-in page where the store would be. Chromium follows
 * a redirect inside its network stack, where no route sees the next
 * request (the store's address would leave this machine), so `/get` is
 * asked here, unfollowed, with the browser's own headers (User-Agent,
 * Referer), and the tab gets the stand-in page at once.
 */
export async function recordStoreRedirects(context: BrowserContext): Promise<StoreRedirect[]> {
  const answers: StoreRedirect[] = []
  await context.route(/\/get\?store=/, async (route) => {
    const response = await route.fetch({ maxRedirects: 0 })
    answers.push({
      url: route.request().url(),
      referer: (await route.request().headerValue("referer")) ?? undefined,
      status: response.status(),
      location: response.headers().location,
    })
    await route.fulfill({ contentType: "text/html", body: OUTSIDE_PAGE })
  })
  return answers
}
