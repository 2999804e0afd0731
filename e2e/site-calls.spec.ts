import type { Request, Response } from "@playwright/test"
import { contactForm, fillContact, uniqueEmail } from "./support/contact-form"
import { openHydrated, runsReact } from "./support/hydration"
import { ROUTES } from "./support/routes"
import { expect, test } from "./support/test"

/**
 * Gatsby's own page loading: the page data of a route, and on the error page
 * a HEAD of its own address, to see whether the page has appeared since.
 */
const isGatsbyPageLoading = (request: Request) => {
  const { pathname } = new URL(request.url())
  if (pathname.startsWith("/page-data/")) return true
  return request.method() === "HEAD" && request.url() === request.frame().url()
}

test.describe("the calls the site makes", () => {
  test("nothing leaves the site, and the only call besides loading pages is POST /api/waitlist", async ({
    page,
    outsideRequests,
  }) => {
    const calls: Request[] = []
    page.on("request", (request) => {
      if (["fetch", "xhr"].includes(request.resourceType()) && !isGatsbyPageLoading(request)) calls.push(request)
    })
    for (const { path } of ROUTES) await openHydrated(page, path)
    await openHydrated(page, "/contact")
    await fillContact(page, { name: "Ana", email: uniqueEmail("calls") })
    await contactForm(page).send.click()
    await expect(page.getByText("Message sent!")).toBeVisible()
    expect(calls.map((request) => `${request.method()} ${new URL(request.url()).pathname}`)).toEqual([
      "POST /api/waitlist",
    ])
    expect(outsideRequests).toEqual([])
  })

  test("only /contact loads JavaScript files; the other routes are complete as served", async ({ page }) => {
    const scripts: string[] = []
    page.on("request", (request) => {
      if (request.resourceType() === "script")
        scripts.push(`${new URL(page.url()).pathname} ${new URL(request.url()).pathname}`)
    })
    for (const { path } of ROUTES) {
      await openHydrated(page, path)
      expect(await runsReact(page), path).toBe(path === "/contact")
    }
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.filter((script) => !script.startsWith("/contact "))).toEqual([])
  })

  test("/contact asks for its island's script only after the page's first contentful paint, and 'Send' then works", async ({
    page,
  }) => {
    await openHydrated(page, "/contact")
    const [paint, island] = await page.evaluate(() => [
      performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      performance.getEntriesByType("resource").find((entry) => /\/island-contact-form-\w+\.js$/.test(entry.name))
        ?.startTime,
    ])
    expect(paint).toBeGreaterThan(0)
    expect(island).toBeGreaterThanOrEqual(paint ?? Infinity)
    await expect(contactForm(page).send).toBeEnabled()
  })

  test("/contact loads at most 25 KB of script in all, a success toast included, all of it the island's own files", async ({
    page,
  }) => {
    const scripts: Response[] = []
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response)
    })
    await openHydrated(page, "/contact")
    await fillContact(page, { name: "Ana", email: uniqueEmail("script-bytes") })
    await contactForm(page).send.click()
    await expect(page.getByText("Message sent!")).toBeVisible()
    expect(
      scripts.map((response) => new URL(response.url()).pathname).filter((path) => !/^\/island-[\w-]+\.js$/.test(path)),
    ).toEqual([])
    // Each as sent: gzipped by the server.
    const sizes = await Promise.all(
      scripts.map(async (response) => (await response.request().sizes()).responseBodySize),
    )
    expect(sizes.length).toBeGreaterThanOrEqual(3)
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(25 * 1024)
  })

  test("every route loads, and hydrates where React runs, without an error in the console", async ({ page }) => {
    const problems: string[] = []
    page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`))
    page.on("console", (message) => {
      if (message.type() !== "error") return
      // Chromium reports each 404 of the error page: the page itself, and Gatsby's look for it (page data, HEAD).
      const { origin, pathname } = new URL(page.url())
      const lookups = [page.url(), `${origin}/page-data${pathname}/page-data.json`]
      const isOwn404 = message.text().includes("status of 404 (Not Found)") && lookups.includes(message.location().url)
      if (!isOwn404) problems.push(`${page.url()}: ${message.text()}`)
    })
    for (const { path } of ROUTES) await openHydrated(page, path)
    expect(problems).toEqual([])
  })
})
