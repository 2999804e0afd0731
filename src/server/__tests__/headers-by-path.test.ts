/**
 * @jest-environment node
 */
import { headersByPath } from "../http/headers-by-path"

const declared = [
  {
    source: "/*",
    headers: [
      { key: "X-Content-Type-Options", value: "nosniff" },
      { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
    ],
  },
  { source: "/contact", headers: [{ key: "Cross-Origin-Opener-Policy", value: "unsafe-none" }] },
  { source: "/es/", headers: [{ key: "X-Test", value: "es" }] },
]

describe("headersByPath", () => {
  it("gives every path the declaration for every path", () => {
    expect(headersByPath(declared).at("/admin/login")).toEqual({
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Opener-Policy": "same-origin",
    })
  })

  it("puts an exact path's headers over every path's, with or without its trailing slash", () => {
    const headers = headersByPath(declared)
    for (const path of ["/contact", "/contact/"])
      expect(headers.at(path)).toEqual({
        "X-Content-Type-Options": "nosniff",
        "Cross-Origin-Opener-Policy": "unsafe-none",
      })
    expect(headers.at("/es")).toMatchObject({ "X-Test": "es", "Cross-Origin-Opener-Policy": "same-origin" })
  })

  it("gives an exact path spelt otherwise (encoded, doubled slashes, another case) every path's headers", () => {
    const headers = headersByPath(declared)
    for (const path of ["/%63ontact", "//contact", "/Contact", "/contact/x", "/contact//"])
      expect(headers.at(path)["Cross-Origin-Opener-Policy"]).toBe("same-origin")
  })

  it("keeps every path's headers for an answer sent before the path is known", () => {
    expect(headersByPath(declared).everyPath["Cross-Origin-Opener-Policy"]).toBe("same-origin")
  })

  it("sets nothing when gatsby-config declares no headers", () => {
    expect(headersByPath(undefined).at("/")).toEqual({})
  })

  it("refuses the patterns it does not match rather than silently not sending their headers", () => {
    const patterns = [
      { source: "/admin/*", headers: [{ key: "X-Test", value: "1" }] },
      { source: "/:lang/get", headers: [{ key: "X-Test", value: "1" }] },
    ]
    expect(() => headersByPath(patterns)).toThrow(
      'gatsby-config declares headers for /admin/*, /:lang/get; the site server only sends those of "/*" and of exact paths',
    )
  })
})
