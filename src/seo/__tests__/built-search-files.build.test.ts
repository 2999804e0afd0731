/**
 * @jest-environment node
 */
import fs from "fs"
import { siteFacts } from "../../config/site-facts"
import { LANGUAGES } from "../../i18n/languages"
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

  it("lists exactly the four public routes and /get of every language at their absolute addresses, not the 404 pages", () => {
    const listed = locations(fs.readFileSync(builtFilePath("/sitemap-0.xml"), "utf8"))
    expect(listed.sort()).toEqual(PUBLIC_ROUTES.map(absolute).sort())
    expect(listed).toHaveLength(5 * LANGUAGES.length)
  })

  it("lists with each page its translations and English as x-default, as xhtml:link alternates", () => {
    const xml = fs.readFileSync(builtFilePath("/sitemap-0.xml"), "utf8")
    const entries = [...xml.matchAll(/<url>(.*?)<\/url>/gs)].map(([entry = ""]) => entry)
    const contact = entries.find((entry) => entry.includes(`<loc>${siteFacts.siteUrl}/ja/contact</loc>`)) ?? ""
    const alternates = [...contact.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
      ([, lang, href]) => [lang, href],
    )
    expect(alternates).toEqual([
      ["en", `${siteFacts.siteUrl}/contact`],
      ["es", `${siteFacts.siteUrl}/es/contact`],
      ["fr", `${siteFacts.siteUrl}/fr/contact`],
      ["de", `${siteFacts.siteUrl}/de/contact`],
      ["pt-BR", `${siteFacts.siteUrl}/pt-br/contact`],
      ["ja", `${siteFacts.siteUrl}/ja/contact`],
      ["x-default", `${siteFacts.siteUrl}/contact`],
    ])
    expect(entries.every((entry) => (entry.match(/<xhtml:link /g) ?? []).length === LANGUAGES.length + 1)).toBe(true)
  })
})

describe("the built robots.txt", () => {
  it("lets crawlers in but for the API, and points them at the sitemap's absolute address", () => {
    const robots = fs.readFileSync(builtFilePath("/robots.txt"), "utf8")
    expect(robots).toMatch(/^User-agent: \*$/m)
    expect(robots).toMatch(/^Disallow: \/api\/$/m)
    expect(robots).not.toMatch(/^Disallow: \/$/m)
    expect(robots).toMatch(
      new RegExp(`^Sitemap: ${`${siteFacts.siteUrl}/sitemap-index.xml`.replace(/[.?]/g, "\\$&")}$`, "m"),
    )
  })
})
