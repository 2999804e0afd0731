import { test as base, expect, type BrowserContext } from "@playwright/test"

/** The page a store button's new tab gets instead of the real store, which is out of reach here. */
export const OUTSIDE_PAGE = "<!doctype html><title>Outside the site</title><p>Stand-in for an outside page.</p>"

/** The address of the production server the global setup started. */
export const siteUrl = (): string => {
  const url = process.env.E2E_BASE_URL
  if (!url) throw new Error("E2E_BASE_URL is not set: run the suite through playwright.config.ts (npm run test:e2e)")
  return url
}

/**
 * Keeps the browser on this machine: requests to the site (and to the
 * other servers a suite starts on this machine, such as the admin's on
 * PostgreSQL) go through, a navigation anywhere else gets a stand-in page,
 * any other outside request is aborted. Every outside request is recorded,
 * so a test can prove the site makes no other calls (spec §7).
 */
async function keepOffTheInternet(context: BrowserContext, outsideRequests: string[]) {
  const site = new URL(siteUrl()).hostname
  await context.route("**/*", async (route) => {
    const request = route.request()
    if (new URL(request.url()).hostname === site) return route.fallback()
    outsideRequests.push(request.url())
    if (request.isNavigationRequest()) return route.fulfill({ contentType: "text/html", body: OUTSIDE_PAGE })
    return route.abort("blockedbyclient")
  })
}

type Fixtures = { outsideRequests: string[] }

/** Playwright's `test`, aimed at the suite's server and kept off the internet. */
export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => use(siteUrl()),
  outsideRequests: async ({}, use) => use([]),
  context: async ({ context, outsideRequests }, use) => {
    await keepOffTheInternet(context, outsideRequests)
    await use(context)
  },
})

export { expect }
