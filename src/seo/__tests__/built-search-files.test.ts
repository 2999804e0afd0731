/**
 * @jest-environment node
 */
import fs from "fs"
import { siteFacts } from "../../config/site-facts"
import { builtFilePath, PUBLIC_ROUTES } from "../../../test/support/built-pages"
import { ensureProductionBuild } from "../../../test/support/production-build"

const absolute = (route: string) => (route === "/" ? `${siteFacts.siteUrl}/` : `${siteFacts.siteUrl}${route}`)
const locations = (xml: string) => [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1])

beforeAll(() => ensureProductionBuild(), 10 * 60_000)

describe("the built sitemap", () => {
  it("is an index pointing at the sitemap of the site's pages", () => {
    const index = fs.readFileSync(builtFilePath("/sitemap-index.xml"), "utf8")
    expect(index).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>/)
    expect(locations(index)).toEqual([`${siteFacts.siteUrl}/sitemap-0.xml`])
  })

  it("lists exactly the four public routes at their absolute addresses, not the 404 page", () => {
    const listed = locations(fs.readFileSync(builtFilePath("/sitemap-0.xml"), "utf8"))
    expect(listed.sort()).toEqual(PUBLIC_ROUTES.map(absolute).sort())
  })
})

describe("the built robots.txt", () => {
  it("lets crawlers in but for the API, and points them at the sitemap's absolute address", () => {
    const robots = fs.readFileSync(builtFilePath("/robots.txt"), "utf8")
    expect(robots).toMatch(/^User-agent: \*$/m)
    expect(robots).toMatch(/^Disallow: \/api\/$/m)
    expect(robots).not.toMatch(/^Disallow: \/$/m)
    expect(robots).toMatch(new RegExp(`^Sitemap: ${`${siteFacts.siteUrl}/sitemap-index.xml`.replace(/[.?]/g, "\\$&")}$`, "m"))
  })
})
