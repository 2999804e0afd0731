import { pageUrl } from "../page-url"

describe("pageUrl", () => {
  it("gives the landing page the site's address with one slash", () => {
    expect(pageUrl("https://example.com", "/")).toBe("https://example.com/")
  })

  it.each(["/contact", "/contact/", "contact"])("writes %s without a trailing slash, as the routes are", (pathname) => {
    expect(pageUrl("https://example.com", pathname)).toBe("https://example.com/contact")
  })

  it("tolerates a site address written with a trailing slash", () => {
    expect(pageUrl("https://example.com/", "/privacy-policy")).toBe("https://example.com/privacy-policy")
  })
})
