/**
 * @jest-environment node
 */
import fc from "fast-check"
import { loggedPath, routeOf } from "../observe-requests"
import { pathOf } from "../request-path"

const API = new Set(["waitlist", "waitlist-confirm", "waitlist-leave", "admin/*"])
const ROUTES = new Set([
  "healthz",
  "readyz",
  "api/waitlist",
  "api/waitlist-confirm",
  "api/waitlist-leave",
  "api/admin",
  "api/unknown",
  "not_found",
  "page",
  "asset",
])

describe("the route a request is counted under", () => {
  it.each([
    ["/", 200, "page"],
    ["/contact", 200, "page"],
    ["/es/privacy-policy/", 200, "page"],
    ["/404.html", 200, "page"],
    ["/app-4d1c.js", 200, "asset"],
    ["/page-data/app-data.json", 304, "asset"],
    ["/sitemap-index.xml", 200, "asset"],
    ["/metrics", 404, "not_found"],
    ["/wp-login.php", 404, "not_found"],
    ["/healthz", 200, "healthz"],
    ["/readyz", 503, "readyz"],
    ["/api/waitlist", 201, "api/waitlist"],
    ["/api/waitlist-confirm/", 303, "api/waitlist-confirm"],
    ["/api/nothing", 404, "api/unknown"],
    ["/api/admin/session", 204, "api/admin"],
    ["/api/admin/people/ana%40example.com", 200, "api/admin"],
    ["/api/admin", 404, "api/unknown"],
    ["/api/administrator/x", 404, "api/unknown"],
  ] as const)("%s answered %i is %s", (path, status, route) => {
    expect(routeOf(path, status, API)).toBe(route)
  })

  it("is one of a fixed few whatever the path, so made-up paths add no series", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), fc.integer({ min: 100, max: 599 }), (tail, status) => {
        for (const path of [`/${tail}`, `/api/${tail}`, `/${tail}.js`])
          expect(ROUTES.has(routeOf(path, status, API))).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  it("is logged without what follows the first part below a route of many paths, which can be a person's address", () => {
    expect(loggedPath("/api/admin/people/ana%40example.com", API)).toBe("/api/admin/people/…")
    expect(loggedPath("/api/admin/people/a/b%40c.example", API)).toBe("/api/admin/people/…")
    expect(loggedPath("/api/admin/session", API)).toBe("/api/admin/session")
    expect(loggedPath(`/api/admin/${"x".repeat(500)}`, API)).toBe(`/api/admin/${"x".repeat(40)}`)
    expect(loggedPath("/api/waitlist", API)).toBe("/api/waitlist")
    expect(loggedPath(`/${"p".repeat(300)}`, API)).toBe(`/${"p".repeat(199)}…`)
  })

  it("is read from the path without its query", () => {
    expect(pathOf("/api/waitlist-confirm?token=abc&lang=es")).toBe("/api/waitlist-confirm")
    expect(pathOf(undefined)).toBe("/")
  })
})
