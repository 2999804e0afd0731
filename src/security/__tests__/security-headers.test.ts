/**
 * @jest-environment node
 */
import { PUBLIC_PAGES, securityHeaders, siteHeaders } from "../security-headers"

const HASHES = ["sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=", "sha256-AAAA"]

const headerValue = (name: string) =>
  securityHeaders(HASHES).find(({ key }) => key.toLowerCase() === name.toLowerCase())?.value

const directives = () =>
  new Map(
    (headerValue("Content-Security-Policy") ?? "")
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = "", ...sources]) => [name, sources] as const),
  )

describe("securityHeaders", () => {
  it("allows scripts from our origin and the given inline hashes only, never 'unsafe-inline'", () => {
    expect(directives().get("script-src")).toEqual(["'self'", ...HASHES.map((hash) => `'${hash}'`)])
  })

  it("allows inline styles for Theme UI, and everything else from our origin only", () => {
    const csp = directives()
    expect(csp.get("default-src")).toEqual(["'self'"])
    expect(csp.get("style-src")).toEqual(["'self'", "'unsafe-inline'"])
    expect(csp.get("img-src")).toEqual(["'self'", "data:"])
    expect(csp.get("font-src")).toEqual(["'self'"])
    expect(csp.get("connect-src")).toEqual(["'self'"])
    expect(csp.get("object-src")).toEqual(["'none'"])
    expect(csp.get("base-uri")).toEqual(["'self'"])
    expect(csp.get("form-action")).toEqual(["'self'"])
    expect(csp.get("frame-ancestors")).toEqual(["'none'"])
  })

  it("allows no inline script at all when the build recorded none", () => {
    const scriptSrc = securityHeaders([])
      .find(({ key }) => key === "Content-Security-Policy")
      ?.value.match(/script-src [^;]*/)?.[0]
    expect(scriptSrc).toBe("script-src 'self'")
  })

  it("asks for HTTPS for two years, no sniffing, and the origin only as referrer across origins", () => {
    expect(headerValue("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains")
    expect(headerValue("X-Content-Type-Options")).toBe("nosniff")
    expect(headerValue("Referrer-Policy")).toBe("strict-origin-when-cross-origin")
  })

  it.each(["camera", "microphone", "geolocation", "payment", "usb"])("denies %s to every origin", (feature) => {
    expect(headerValue("Permissions-Policy")?.split(", ")).toContain(`${feature}=()`)
  })

  it("declares each header once", () => {
    const keys = securityHeaders(HASHES).map(({ key }) => key.toLowerCase())
    expect(new Set(keys).size).toBe(keys.length)
  })
})

describe("siteHeaders", () => {
  const declared = siteHeaders(HASHES)
  const openerPolicyOf = (source: string) =>
    declared.find((entry) => entry.source === source)?.headers.find(({ key }) => key === "Cross-Origin-Opener-Policy")
      ?.value

  it("sends the security headers on every path, a window of its own included", () => {
    expect(declared[0]).toEqual({ source: "/*", headers: securityHeaders(HASHES) })
    expect(openerPolicyOf("/*")).toBe("same-origin")
  })

  it("shares the window of the public pages, and of them only, in every language", () => {
    expect(PUBLIC_PAGES).toEqual(
      expect.arrayContaining(["/", "/contact", "/get", "/es", "/ja/privacy-policy", "/pt-br/terms-and-conditions"]),
    )
    expect(PUBLIC_PAGES).toHaveLength(30)
    expect(declared.slice(1).map(({ source }) => source)).toEqual(PUBLIC_PAGES)
    for (const page of PUBLIC_PAGES) expect([page, openerPolicyOf(page)]).toEqual([page, "unsafe-none"])
    expect(PUBLIC_PAGES.filter((page) => /admin|waitlist|api/.test(page))).toEqual([])
  })
})
