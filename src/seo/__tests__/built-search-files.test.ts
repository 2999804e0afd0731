/**
 * @jest-environment node
 */
import fs from "fs"
import { siteFacts } from "../../config/site-facts"
import { builtFilePath, PUBLIC_ROUTES } from "../../testing/built-pages"
import { ensureProductionBuild } from "../../testing/production-build"

const absolute = (route: string) => (route === "/" ? `${siteFacts.siteUrl}/` : `${siteFacts.siteUrl}${route}`)

beforeAll(() => ensureProductionBuild(), 10 * 60_000)

describe("the built sitemap.xml", () => {
  it("lists exactly the four public routes at their absolute addresses, not the 404 page", () => {
    const xml = fs.readFileSync(builtFilePath("/sitemap.xml"), "utf8")
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>/)
    const listed = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1])
    expect(listed.sort()).toEqual(PUBLIC_ROUTES.map(absolute).sort())
    expect(listed).toHaveLength(4)
  })
})

describe("the built robots.txt", () => {
  it("lets crawlers in and points them at the sitemap's absolute address", () => {
    const robots = fs.readFileSync(builtFilePath("/robots.txt"), "utf8")
    expect(robots).toMatch(/^User-agent: \*$/m)
    expect(robots).not.toMatch(/^Disallow: \/$/m)
    expect(robots).toMatch(new RegExp(`^Sitemap: ${`${siteFacts.siteUrl}/sitemap.xml`.replace(/[.?]/g, "\\$&")}$`, "m"))
  })
})
