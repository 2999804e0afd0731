/**
 * @jest-environment node
 */
import { pathOf } from "../../observability/request-path"
import { mayBePageView, NOT_FOUND_PAGE, readPageView } from "../page-view"
import { DIRECT, INTERNAL, OTHER, originOf, sourceOf } from "../traffic-source"

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
const browser = { "user-agent": CHROME, "accept-language": "en" }
const OWN = ["storyling.app"]

describe("which requests may be page views", () => {
  it.each([
    ["/", true],
    ["/contact?utm_source=x", true],
    ["/es/privacy-policy/2025-05-25", true],
    ["/index.html", true],
    ["/admin", false],
    ["/administration/users", false],
    ["/api/waitlist", false],
    ["/healthz", false],
    ["/readyz?x", false],
    ["/metrics", false],
    ["/favicon.ico", false],
    ["/static/d/123/page-data.json", false],
    ["/island-contact-ABCD1234.js", false],
  ])("%s: %s", (url, expected) => {
    expect(mayBePageView("GET", pathOf(url), browser)).toBe(expected)
  })

  it("takes only GETs from a browser that sends a language and does not ask not to be tracked", () => {
    expect(mayBePageView("HEAD", "/", browser)).toBe(false)
    expect(mayBePageView("POST", "/", browser)).toBe(false)
    expect(mayBePageView("GET", "/", { "user-agent": CHROME })).toBe(false)
    expect(mayBePageView("GET", "/", { "accept-language": "en" })).toBe(false)
    expect(mayBePageView("GET", "/", { ...browser, "sec-gpc": "1" })).toBe(false)
    expect(mayBePageView("GET", "/", { ...browser, dnt: "1" })).toBe(false)
    expect(mayBePageView("GET", "/", { ...browser, "sec-purpose": "prefetch;prerender" })).toBe(false)
    expect(mayBePageView("GET", "/", { ...browser, purpose: "prefetch" })).toBe(false)
    expect(mayBePageView("GET", "/", { ...browser, "user-agent": "curl/8.5.0" })).toBe(false)
    expect(
      mayBePageView("GET", "/", {
        ...browser,
        "user-agent": "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
      }),
    ).toBe(false)
  })

  it("reads a bot's name past a huge User-Agent's first 512 characters as no bot, in linear time", () => {
    const started = performance.now()
    expect(mayBePageView("GET", "/", { ...browser, "user-agent": `${CHROME}${" ".repeat(100_000)}Googlebot` })).toBe(
      true,
    )
    expect(performance.now() - started).toBeLessThan(200)
  })
})

describe("what a page view counts", () => {
  const read = (url: string, headers: Record<string, string> = {}, status = 200) =>
    readPageView(
      url,
      { ...browser, host: "storyling.app", ...headers },
      status,
      "text/html; charset=UTF-8",
      "203.0.113.7",
      OWN,
    )

  it("counts a page by its English path and its language, without trailing slashes, index.html or query", () => {
    expect(read("/pt-br/contact/?a=1")).toMatchObject({ page: "/contact", language: "pt-br" })
    expect(read("/index.html")).toMatchObject({ page: "/", language: "en" })
    expect(read("/%63ontact")).toMatchObject({ page: "/contact" })
    expect(read("/ja")).toMatchObject({ page: "/", language: "ja" })
  })

  it("counts every path not found under one page, and nothing that is no HTML page", () => {
    expect(read("/wp-login.php/x", {}, 404)).toMatchObject({ page: NOT_FOUND_PAGE, language: "en" })
    expect(read("/fr/rien", {}, 404)).toMatchObject({ page: NOT_FOUND_PAGE, language: "fr" })
    expect(read(`/${"a".repeat(5000)}`)).toMatchObject({ page: NOT_FOUND_PAGE })
    expect(read("/%E0%A4%A", {})).toMatchObject({ page: NOT_FOUND_PAGE })
    expect(read("/", {}, 304)).toMatchObject({ page: "/" })
    expect(readPageView("/", browser, 200, "application/json", "x", OWN)).toBeNull()
    expect(readPageView("/", browser, 500, "text/html", "x", OWN)).toBeNull()
    expect(readPageView("/", browser, 301, "text/html", "x", OWN)).toBeNull()
  })

  it("counts /get sending a phone to its store (a 302) as a view of /get, with the campaign of its address", () => {
    expect(read("/es/get?utm_source=poster&utm_campaign=metro", {}, 302)).toMatchObject({
      page: "/get",
      language: "es",
      utmSource: "poster",
      utmCampaign: "metro",
    })
  })

  it("keeps the referrer's host alone, and no source for the site's own pages", () => {
    expect(read("/", { referer: "https://www.News.Example.com/item?id=7#top" })).toMatchObject({
      referrer: "news.example.com",
      internal: false,
    })
    expect(read("/", { referer: "https://storyling.app/contact" })).toMatchObject({ referrer: "", internal: true })
    expect(read("/", { referer: `https://x.example/${"p".repeat(3000)}` })).toMatchObject({ referrer: OTHER })
    expect(read("/", { referer: "javascript:alert(1)" })).toMatchObject({ referrer: OTHER })
    expect(read("/", { referer: "not a url" })).toMatchObject({ referrer: OTHER })
  })

  it("keeps campaign parameters trimmed to 100 characters, read from the query's first 2 KB only", () => {
    const view = read(`/?utm_source=%20News%20&utm_medium=email&utm_campaign=${"c".repeat(500)}`)
    expect(view).toMatchObject({ utmSource: "News", utmMedium: "email", utmCampaign: "c".repeat(100) })
    expect(read(`/?x=${"y".repeat(3000)}&utm_source=late`)).toMatchObject({ utmSource: "" })
    // A four-byte character cut in two at the limit is dropped, not kept as half a character.
    expect(read(`/?utm_source=${"a".repeat(99)}${encodeURIComponent("😀")}`)?.utmSource).toBe("a".repeat(99))
  })
})

describe("the source of a visit or a sign-up", () => {
  it("is utm_source, else the referrer's host, else direct; nothing for a page reached from the site", () => {
    const origin = (referrer: string | null, utm: Record<string, string> = {}) =>
      originOf(referrer, (name) => utm[name], OWN)
    expect(sourceOf(origin(null, { utm_source: "newsletter", utm_medium: "email" }))).toEqual({
      source: "newsletter",
      medium: "email",
      campaign: "",
    })
    expect(sourceOf(origin("https://news.example.com/x"))).toEqual({
      source: "news.example.com",
      medium: "",
      campaign: "",
    })
    expect(sourceOf(origin(null))).toEqual({ source: DIRECT, medium: "", campaign: "" })
    expect(sourceOf(origin("https://storyling.app/"))).toBeNull()
    expect(sourceOf(origin("https://storyling.app/", { utm_source: "ad" }))).toEqual({
      source: "ad",
      medium: "",
      campaign: "",
    })
    expect(INTERNAL).toBe("(internal)")
  })
})
