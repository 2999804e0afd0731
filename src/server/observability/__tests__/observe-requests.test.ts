import fc from "fast-check"
import { pathOf, routeOf } from "../observe-requests"

const API = new Set(["waitlist", "waitlist-confirm", "waitlist-leave"])
const ROUTES = new Set(["healthz", "readyz", "api/waitlist", "api/waitlist-confirm", "api/waitlist-leave", "api/unknown", "not_found", "page", "asset"])

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
  ] as const)("%s answered %i is %s", (path, status, route) => {
    expect(routeOf(path, status, API)).toBe(route)
  })

  it("is one of a fixed few whatever the path, so made-up paths add no series", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), fc.integer({ min: 100, max: 599 }), (tail, status) => {
        for (const path of [`/${tail}`, `/api/${tail}`, `/${tail}.js`]) expect(ROUTES.has(routeOf(path, status, API))).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  it("is read from the path without its query", () => {
    expect(pathOf("/api/waitlist-confirm?token=abc&lang=es")).toBe("/api/waitlist-confirm")
    expect(pathOf(undefined)).toBe("/")
  })
})
