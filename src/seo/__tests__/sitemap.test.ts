import { robotsTxt, sitemapPaths, sitemapXml } from "../sitemap"

describe("sitemapPaths", () => {
  it("keeps every built page but the 404 pages, the landing page first", () => {
    const built = ["/terms-and-conditions", "/404.html", "/contact", "/404", "/404/", "/dev-404-page/", "/", "/privacy-policy"]
    expect(sitemapPaths(built)).toEqual(["/", "/contact", "/privacy-policy", "/terms-and-conditions"])
  })

  it("lists a page once even when Gatsby reports it twice", () => {
    expect(sitemapPaths(["/contact", "/contact", "/"])).toEqual(["/", "/contact"])
  })
})

describe("sitemapXml", () => {
  it("lists each page at its absolute address in the sitemap namespace", () => {
    const xml = sitemapXml("https://example.com", ["/", "/contact"])
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect([...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1])).toEqual(["https://example.com/", "https://example.com/contact"])
  })

  it("escapes what XML would misread", () => {
    expect(sitemapXml("https://example.com", ["/a&b"])).toContain("<loc>https://example.com/a&amp;b</loc>")
  })
})

describe("robotsTxt", () => {
  it("lets every crawler in, keeps it out of the API and names the sitemap's absolute address", () => {
    const robots = robotsTxt("https://example.com", "/sitemap.xml")
    expect(robots).toMatch(/^User-agent: \*$/m)
    expect(robots).toMatch(/^Allow: \/$/m)
    expect(robots).toMatch(/^Disallow: \/api\/$/m)
    expect(robots).toMatch(/^Sitemap: https:\/\/example\.com\/sitemap\.xml$/m)
  })
})
