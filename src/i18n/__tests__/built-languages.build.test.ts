/**
 * @jest-environment node
 */
import fs from "fs"
import zlib from "zlib"
import { siteFacts } from "../../config/site-facts"
import { contactFormTexts, CONTACT_FORM_TEXTS_ID } from "../contact-form-texts"
import { LANGUAGES, localizedPath } from "../languages"
import { translate } from "../messages"
import { builtFilePath, LOCALIZED_PAGES, readBuiltPage, type LocalizedPage } from "../../../test/support/built-pages"
import { ensureProductionBuild } from "../../../test/support/production-build"
import { pageUrl } from "../../seo/page-url"

beforeAll(() => ensureProductionBuild(), 10 * 60_000)

const indexable = LOCALIZED_PAGES.filter(({ englishRoute }) => englishRoute !== "/404")
const alternatesOf = (document: Document) =>
  [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
    link.getAttribute("hreflang"),
    link.getAttribute("href"),
  ])
const switcherOf = (document: Document, page: LocalizedPage) =>
  document.querySelector(`footer nav[aria-label="${translate(page.lang, "footer.languagesLabel")}"]`)

describe.each(LOCALIZED_PAGES)("the built page $route", (page) => {
  const document = () => readBuiltPage(page)

  it("declares its language, has one h1, and names its header and footer links in that language", () => {
    const built = document()
    expect(built.documentElement.getAttribute("lang")).toBe(page.htmlLang)
    expect(built.querySelectorAll("h1")).toHaveLength(1)
    const footerLinks = [...built.querySelectorAll("footer a")].map((link) => link.textContent)
    expect(footerLinks).toEqual(
      expect.arrayContaining([translate(page.lang, "footer.privacy"), translate(page.lang, "footer.terms")]),
    )
    if (page.englishRoute !== "/contact")
      expect(built.querySelector("header nav a")?.textContent).toBe(translate(page.lang, "header.contact"))
  })

  it("offers every language by its own name, as plain links with hreflang and lang to the same page", () => {
    const links = [...(switcherOf(document(), page)?.querySelectorAll("a") ?? [])]
    const samePage = page.englishRoute === "/404" ? "/" : page.englishRoute
    expect(
      links.map((link) => [
        link.textContent,
        link.getAttribute("href"),
        link.getAttribute("hreflang"),
        link.getAttribute("lang"),
      ]),
    ).toEqual(LANGUAGES.map(({ code, name, htmlLang }) => [name, localizedPath(code, samePage), htmlLang, htmlLang]))
    expect(
      links.filter((link) => link.getAttribute("aria-current")).map((link) => link.getAttribute("hreflang")),
    ).toEqual([page.htmlLang])
  })

  it("shows no text key and no placeholder left unfilled", () => {
    const body = document().body
    for (const script of body.querySelectorAll("script")) script.remove()
    const text = body.textContent ?? ""
    expect(text).not.toMatch(/\b(?:header|footer|form|toast|link|legal|error|contact|mail)\.[a-z][A-Za-z]*\b/)
    expect(text).not.toMatch(/\{[a-zA-Z]+\}/)
  })
})

describe.each(indexable)("the search tags of $route", (page) => {
  it("name its own address as canonical, and the page in all six languages and x-default, reciprocally", () => {
    const built = readBuiltPage(page)
    expect(built.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      pageUrl(siteFacts.siteUrl, page.route),
    )
    const expected = [
      ...LANGUAGES.map(({ code, htmlLang }) => [
        htmlLang,
        pageUrl(siteFacts.siteUrl, localizedPath(code, page.englishRoute)),
      ]),
      ["x-default", pageUrl(siteFacts.siteUrl, page.englishRoute)],
    ]
    expect(alternatesOf(built)).toEqual(expected)
    for (const other of indexable.filter(({ englishRoute }) => englishRoute === page.englishRoute))
      expect(alternatesOf(readBuiltPage(other))).toEqual(expected)
  })

  it("give Open Graph its locale and the others as alternates", () => {
    const built = readBuiltPage(page)
    const language = LANGUAGES.find(({ code }) => code === page.lang)
    expect(built.querySelector('meta[property="og:locale"]')?.getAttribute("content")).toBe(language?.ogLocale)
    expect(
      [...built.querySelectorAll('meta[property="og:locale:alternate"]')].map((meta) => meta.getAttribute("content")),
    ).toEqual(LANGUAGES.filter(({ code }) => code !== page.lang).map(({ ogLocale }) => ogLocale))
  })
})

describe.each(LANGUAGES)("the pages in $name", ({ code, htmlLang }) => {
  const pageOf = (englishRoute: string) =>
    LOCALIZED_PAGES.find((page) => page.lang === code && page.englishRoute === englishRoute) as LocalizedPage

  it("describe the app in JSON-LD in their language", () => {
    const data = JSON.parse(
      readBuiltPage(pageOf("/")).querySelector('script[type="application/ld+json"]')?.textContent ?? "{}",
    ) as {
      "@graph": { "@type": string; inLanguage?: string; description?: string }[]
    }
    const app = data["@graph"].find((node) => node["@type"] === "MobileApplication")
    expect([app?.inLanguage, app?.description]).toEqual([htmlLang, translate(code, "site.description")])
  })

  it("hand the contact form's island its texts in their language as data, and the same script as English", () => {
    const contact = readBuiltPage(pageOf("/contact"))
    expect(JSON.parse(contact.getElementById(CONTACT_FORM_TEXTS_ID)?.textContent ?? "{}")).toEqual(
      contactFormTexts(code),
    )
    const islandOf = (document: Document) =>
      [...document.querySelectorAll("script[src]")].map((script) => script.getAttribute("src"))
    expect(islandOf(contact)).toEqual(
      islandOf(readBuiltPage(LOCALIZED_PAGES.find((page) => page.route === "/contact") as LocalizedPage)),
    )
    expect(contact.querySelector("label[for=name]")?.textContent).toBe(translate(code, "form.name"))
  })

  it("name the store buttons in their language", () => {
    const links = [...readBuiltPage(pageOf("/")).querySelectorAll('a[target="_blank"]')].map((link) => link.textContent)
    expect(links).toEqual([translate(code, "store.ios"), translate(code, "store.android")])
  })

  it("keep the landing page's HTML under 14 KB gzipped, with no script file", () => {
    const html = fs.readFileSync(builtFilePath(pageOf("/").file))
    expect(zlib.gzipSync(html).length).toBeLessThan(14 * 1024)
    expect(readBuiltPage(pageOf("/")).querySelectorAll("script[src]")).toHaveLength(0)
  })
})
