/**
 * @jest-environment node
 */
import fs from "fs"
import { siteFacts } from "../../config/site-facts"
import theme from "../../gatsby-plugin-theme-ui"
import { BUILT_PAGES, builtFilePath, readBuiltPage, type BuiltPage } from "../../../test/support/built-pages"
import { ensureProductionBuild } from "../../../test/support/production-build"
import { readContentFile } from "../../../test/support/content-files"

const frontmatter = (file: string, key: string) => {
  const value = readContentFile(file).frontmatter[key]
  return typeof value === "string" ? value : undefined
}

/** Each page's own title, from where its author writes it. */
const ownTitles: Record<string, string | undefined> = {
  "/": frontmatter("landing/index.md", "title"),
  "/contact": "Contact us",
  "/privacy-policy": frontmatter("legal/privacy-policy.md", "title"),
  "/terms-and-conditions": frontmatter("legal/terms-and-conditions.md", "title"),
  "/get": `Get ${siteFacts.appName}`,
  "/404": "Not Found",
}

const metaContent = (document: Document, attribute: "name" | "property", value: string) => {
  const tags = document.querySelectorAll(`meta[${attribute}="${value}"]`)
  expect(tags).toHaveLength(1)
  return tags[0]?.getAttribute("content")
}
const named = (document: Document, name: string) => metaContent(document, "name", name)
const property = (document: Document, name: string) => metaContent(document, "property", name)
const linkHref = (document: Document, selector: string) =>
  document.querySelector(`link${selector}`)?.getAttribute("href")

const indexable = BUILT_PAGES.filter(({ route }) => route !== "/404")
const shareImage = `${siteFacts.siteUrl}/share-image.png`

beforeAll(() => ensureProductionBuild(), 10 * 60_000)

describe.each(BUILT_PAGES)("the built page $route", (page: BuiltPage) => {
  const head = () => readBuiltPage(page)

  it("declares English and a title after the site-wide template", () => {
    const document = head()
    expect(document.documentElement.getAttribute("lang")).toBe("en")
    expect(ownTitles[page.route]).toBeTruthy()
    expect(document.querySelectorAll("title")).toHaveLength(1)
    expect(document.title).toBe(`${ownTitles[page.route]} | ${siteFacts.appName}`)
  })

  it("has one description, which its link previews repeat", () => {
    const document = head()
    const description = named(document, "description")
    expect(description?.length).toBeGreaterThan(20)
    expect(property(document, "og:description")).toBe(description)
    expect(named(document, "twitter:description")).toBe(description)
  })

  it("shows the share image, title and alt text in Open Graph and Twitter card previews", () => {
    const document = head()
    expect(property(document, "og:type")).toBe("website")
    expect(property(document, "og:site_name")).toBe(siteFacts.appName)
    expect(property(document, "og:title")).toBe(document.title)
    expect(property(document, "og:image")).toBe(shareImage)
    expect(property(document, "og:image:width")).toBe("1200")
    expect(property(document, "og:image:height")).toBe("630")
    expect(property(document, "og:image:alt")).toBe(siteFacts.shareImageAlt)
    expect(named(document, "twitter:card")).toBe("summary_large_image")
    expect(named(document, "twitter:title")).toBe(document.title)
    expect(named(document, "twitter:image")).toBe(shareImage)
    expect(named(document, "twitter:image:alt")).toBe(siteFacts.shareImageAlt)
  })

  it("colors the browser's interface with the theme's background in each color scheme", () => {
    const document = head()
    const themeColors = [...document.querySelectorAll('meta[name="theme-color"]')].map((tag) => [
      tag.getAttribute("media"),
      tag.getAttribute("content"),
    ])
    expect(themeColors).toEqual([
      ["(prefers-color-scheme: dark)", theme.colors?.background],
      ["(prefers-color-scheme: light)", (theme.colors?.modes?.light as Record<string, unknown>).background],
    ])
  })

  it("links the SVG and PNG favicons, the apple-touch-icon and the manifest, each a file of the build", () => {
    const document = head()
    const links = [
      linkHref(document, '[rel="icon"][type="image/svg+xml"]'),
      linkHref(document, '[rel="icon"][type="image/png"][sizes="32x32"]'),
      linkHref(document, '[rel="apple-touch-icon"]'),
      linkHref(document, '[rel="manifest"]'),
    ]
    for (const href of links) {
      expect(href).toMatch(/^\/[\w.-]+$/)
      expect(fs.existsSync(builtFilePath(href ?? ""))).toBe(true)
    }
  })

  it("offers the App Store banner exactly when the app is live with an App Store id, with the page's address for the installed app to open", () => {
    const document = head()
    const banner = document.querySelector('meta[name="apple-itunes-app"]')
    // A noindex page (the 404) has no address of its own: the app opens the home page.
    const address = document.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? `${siteFacts.siteUrl}/`
    if (siteFacts.appLive && siteFacts.appStoreId)
      expect(banner?.getAttribute("content")).toBe(`app-id=${siteFacts.appStoreId}, app-argument=${address}`)
    else expect(banner).toBeNull()
  })
})

describe.each(indexable)("the indexable page $route", (page: BuiltPage) => {
  it("names its canonical address on the configured site, which Open Graph repeats", () => {
    const document = readBuiltPage(page)
    const canonical = page.route === "/" ? `${siteFacts.siteUrl}/` : `${siteFacts.siteUrl}${page.route}`
    expect(document.querySelectorAll('link[rel="canonical"]')).toHaveLength(1)
    expect(linkHref(document, '[rel="canonical"]')).toBe(canonical)
    expect(property(document, "og:url")).toBe(canonical)
    expect(document.querySelector('meta[name="robots"]')).toBeNull()
  })
})

describe("the built 404 page", () => {
  it("keeps itself out of search engines and claims no canonical address", () => {
    const document = readBuiltPage({ route: "/404", file: "404.html" })
    expect(named(document, "robots")).toBe("noindex")
    expect(document.querySelector('link[rel="canonical"]')).toBeNull()
  })
})
