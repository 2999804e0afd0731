/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { scriptHash } from "../../security/inline-script-hashes"
import { BUILT_PAGES, parseHtml, runnableInlineScripts, scriptSources } from "../../../test/support/built-pages"
import { declaredHeaders } from "../../../test/support/declared-headers"
import { ensureProductionBuild } from "../../../test/support/production-build"
import { startSiteServer, type RunningSite } from "../../../test/support/site-server-process"

const YEAR = 31_536_000
let site: RunningSite
/** The headers gatsby-config declares, by the path they are declared for, read as the server reads them. */
let declared: Map<string, Record<string, string>>

beforeAll(async () => {
  await ensureProductionBuild()
  declared = declaredHeaders()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "security-headers-"))
  site = await startSiteServer({ WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite") })
}, 10 * 60_000)

afterAll(() => site?.stop(), 15_000)

const get = (servedAt: string) => fetch(`${site.url}${servedAt}`, { redirect: "manual" })

/** The CSP's directives by name, each with its sources. */
const directivesOf = (policy: string | null) =>
  new Map(
    (policy ?? "")
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = "", ...sources]) => [name, sources] as const),
  )

/** A hashed script of the build, as the contact page (the one page with client JavaScript) loads it. */
const hashedAsset = async () => {
  const html = await (await get("/contact")).text()
  const src = scriptSources(parseHtml(html)).find((candidate) => /-([0-9a-f]{8,}|[A-Z0-9]{8})\.js$/.test(candidate))
  if (!src) throw new Error("the contact page loads no hashed script")
  return src
}

/** Each request, the status it is answered with, and the exact path gatsby-config may declare headers for beyond every path's. */
const responses: [string, () => Promise<Response>, number, string][] = [
  ["a page (/contact)", () => get("/contact"), 200, "/contact"],
  ["a hashed asset", async () => get(await hashedAsset()), 200, "/*"],
  ["the 404 page", () => get("/no-such-page"), 404, "/*"],
  ["GET /api/waitlist", () => get("/api/waitlist"), 405, "/*"],
  [
    "POST /api/waitlist with a bad body",
    () =>
      fetch(`${site.url}/api/waitlist`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" }),
    400,
    "/*",
  ],
]

describe.each(responses)("the production server's answer to %s", (_name, request, status, declaredFor) => {
  let response: Response
  beforeAll(async () => {
    response = await request()
  })

  it(`has status ${status}`, () => {
    expect(response.status).toBe(status)
  })

  it("carries a CSP with our origin only for scripts, images, fonts and connections, no inline script but by hash, and no framing", () => {
    const csp = directivesOf(response.headers.get("content-security-policy"))
    const scriptSources = csp.get("script-src") ?? []
    expect(csp.get("default-src")).toEqual(["'self'"])
    expect(scriptSources[0]).toBe("'self'")
    for (const source of scriptSources.slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]+={0,2}'$/)
    expect(csp.get("style-src")).toEqual(["'self'", "'unsafe-inline'"])
    expect(csp.get("img-src")).toEqual(["'self'", "data:"])
    expect(csp.get("font-src")).toEqual(["'self'"])
    expect(csp.get("connect-src")).toEqual(["'self'"])
    expect(csp.get("frame-ancestors")).toEqual(["'none'"])
    expect(csp.get("object-src")).toEqual(["'none'"])
  })

  it("carries HSTS, nosniff, the referrer policy and a Permissions-Policy denying what we never use", () => {
    const hsts = response.headers.get("strict-transport-security") ?? ""
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(YEAR)
    expect(response.headers.get("x-content-type-options")).toBe("nosniff")
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin")
    const permissions = (response.headers.get("permissions-policy") ?? "").split(/,\s*/)
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"])
      expect(permissions).toContain(`${feature}=()`)
  })

  it("does not say what it runs on", () => {
    expect(response.headers.get("x-powered-by")).toBeNull()
  })

  it("sends exactly the headers gatsby-config declares for every path, and for its own path over them", () => {
    const expected = { ...declared.get("/*"), ...declared.get(declaredFor) }
    expect(Object.keys(expected).length).toBeGreaterThan(0)
    for (const [key, value] of Object.entries(expected)) expect([key, response.headers.get(key)]).toEqual([key, value])
  })
})

describe("the production server's opener policy", () => {
  it.each(["/", "/es", "/contact", "/ja/privacy-policy", "/pt-br/terms-and-conditions", "/de/get", "/contact/"])(
    "lets the public page %s share its window, as its first visit opens it",
    async (page) => {
      const response = await get(page)
      expect([page, response.status, response.headers.get("cross-origin-opener-policy")]).toEqual([
        page,
        200,
        "unsafe-none",
      ])
    },
  )

  it.each([
    "/admin/login",
    "/admin/",
    "/waitlist/place",
    "/es/waitlist/confirm",
    "/api/waitlist-place",
    "/no-such-page",
    "/%63ontact",
    "//contact",
    "/contact/index.html",
  ])("keeps %s in a window of its own", async (page) => {
    const response = await get(page)
    expect([page, response.headers.get("cross-origin-opener-policy")]).toEqual([page, "same-origin"])
  })
})

describe("the production server's CSP", () => {
  it.each(BUILT_PAGES.map(({ route }) => (route === "/404" ? "/no-such-page" : route)))(
    "lists the hash of every inline script %s runs",
    async (route) => {
      const response = await get(route)
      const scriptSources = directivesOf(response.headers.get("content-security-policy")).get("script-src") ?? []
      const scripts = runnableInlineScripts(parseHtml(await response.text()))
      expect(scripts.length).toBeGreaterThan(0)
      for (const script of scripts) expect(scriptSources).toContain(`'${scriptHash(script)}'`)
    },
  )

  it("never allows scripts by 'unsafe-inline', 'unsafe-eval' or another origin", async () => {
    const policy = (await get("/")).headers.get("content-security-policy") ?? ""
    const scriptSources = directivesOf(policy).get("script-src") ?? []
    expect(scriptSources).not.toContain("'unsafe-inline'")
    expect(scriptSources).not.toContain("'unsafe-eval'")
    expect(scriptSources.filter((source) => /^(https?:|\*|data:|blob:)/.test(source))).toEqual([])
  })
})

describe("the production server's caching", () => {
  it("keeps hashed scripts and the images under /static/ for a year, immutable", async () => {
    const html = await (await get("/")).text()
    const image = /\/static\/[0-9a-f]+\/[0-9a-f]+\/[\w.-]+\.(avif|webp|png)/.exec(html)?.[0]
    expect(image).toBeDefined()
    for (const asset of [await hashedAsset(), image ?? ""]) {
      const response = await get(asset)
      expect([asset, response.status, response.headers.get("cache-control")]).toEqual([
        asset,
        200,
        `public, max-age=${YEAR}, immutable`,
      ])
    }
    expect((await get(image ?? "")).headers.get("content-type")).toMatch(/^image\//)
  })

  it.each([
    "/",
    "/contact",
    "/page-data/index/page-data.json",
    "/page-data/app-data.json",
    "/share-image.png",
    "/manifest.webmanifest",
    "/sitemap-index.xml",
  ])("has %s revalidated on every visit", async (servedAt) => {
    const response = await get(servedAt)
    expect(response.status).toBe(200)
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate")
  })
})
