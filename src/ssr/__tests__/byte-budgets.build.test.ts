/**
 * @jest-environment node
 *
 * The site's byte budgets, measured on the production build: the
 * landing page's and /get's, the JavaScript the contact page loads at
 * start and in all, and the place page's beside it. Sizes are gzipped, as the production server sends them; they are
 * deterministic for a given build, so they are tests, not benchmarks.
 */
import fs from "fs"
import zlib from "zlib"
import { builtFilePath, parseHtml, scriptSources } from "../../../test/support/built-pages"
import { dynamicImportsOf, importGraph, staticImportsOf } from "../../../test/support/module-imports"
import { ensureProductionBuild } from "../../../test/support/production-build"

const KB = 1024
/** A bare Gatsby 5 + React 18 page loads about 66 KB of gzipped JavaScript at start (docs/benchmarks.md). */
const PEER_JS_AT_START = 66 * KB

const gzipped = (bytes: Buffer | string) => zlib.gzipSync(bytes, { level: 6 }).length
const landingHtml = () => fs.readFileSync(builtFilePath("index.html"))

/** The script files a page loads by itself, with their gzipped sizes. */
const scriptFilesOf = (document: Document) =>
  scriptSources(document).map((src) => ({ src, bytes: gzipped(fs.readFileSync(builtFilePath(src))) }))

/** The largest file of each image the page shows (the worst a visitor's screen can ask for). */
const largestImageBytes = (document: Document) =>
  [...document.querySelectorAll("picture")].map((picture) => {
    const candidates = [...picture.querySelectorAll("source[srcset], img[srcset]")].flatMap((element) =>
      (element.getAttribute("srcset") ?? "").split(",").map((candidate) => candidate.trim().split(/\s+/)[0] ?? ""),
    )
    return Math.max(
      ...candidates.filter(Boolean).map((src) => fs.statSync(builtFilePath(decodeURIComponent(src))).size),
    )
  })

const readBuilt = (src: string) => fs.readFileSync(builtFilePath(src), "utf8")

/** A module script and everything it can ever load, statically or dynamically: all the JavaScript a page may run. */
const everythingLoadedBy = (src: string) =>
  importGraph([src], readBuilt, (code) => [...staticImportsOf(code), ...dynamicImportsOf(code)])

const gzippedTotal = (sources: Iterable<string>) =>
  [...sources].reduce((sum, src) => sum + gzipped(fs.readFileSync(builtFilePath(src))), 0)

/** A module script and everything it imports statically: what runs before the page is interactive. */
const moduleGraphOf = (src: string) => importGraph([src], readBuilt)

beforeAll(() => ensureProductionBuild(), 10 * 60_000)

describe("the landing page's byte budgets", () => {
  it("sends its HTML in the first round trip: under 14 KB gzipped", () => {
    expect(gzipped(landingHtml())).toBeLessThan(14 * KB)
  })

  it("loads at most 60% of the peer's JavaScript at start (it loads no script file at all)", () => {
    const document = parseHtml(landingHtml().toString("utf8"))
    const files = scriptFilesOf(document)
    const inline = [...document.querySelectorAll("script:not([src])")]
      .filter((script) => script.getAttribute("type") !== "application/ld+json")
      .map((script) => script.textContent ?? "")
    const total = files.reduce((sum, file) => sum + file.bytes, 0) + gzipped(inline.join("\n"))
    expect(files).toEqual([])
    expect(total).toBeLessThanOrEqual(0.6 * PEER_JS_AT_START)
    expect(total).toBeLessThan(3 * KB)
  })

  it("weighs at most 150 KB in all, the mockup at its largest included", () => {
    const document = parseHtml(landingHtml().toString("utf8"))
    const images = largestImageBytes(document)
    expect(images.length).toBeGreaterThan(0)
    const total =
      gzipped(landingHtml()) +
      images.reduce((sum, bytes) => sum + bytes, 0) +
      fs.statSync(builtFilePath("favicon.svg")).size
    expect(total).toBeLessThanOrEqual(150 * KB)
  })
})

describe("the page of /get", () => {
  it("sends its HTML, the QR code drawn in it, in the first round trip and loads no script file, in every language", () => {
    for (const file of ["get/index.html", "ja/get/index.html", "pt-br/get/index.html"]) {
      const html = fs.readFileSync(builtFilePath(file))
      expect(gzipped(html)).toBeLessThan(14 * KB)
      expect(scriptFilesOf(parseHtml(html.toString("utf8")))).toEqual([])
    }
  })
})

describe("the contact page's JavaScript at start", () => {
  const contactDocument = () => parseHtml(fs.readFileSync(builtFilePath("contact/index.html"), "utf8"))

  it("is one island, which its element names and the page's inline script starts after the first paint, and none of Gatsby's runtime", () => {
    const document = contactDocument()
    expect(document.querySelectorAll("script[src]")).toHaveLength(0)
    expect(scriptSources(document)).toEqual([expect.stringMatching(/^\/island-contact-form-[A-Z0-9]{8}\.js$/)])
  })

  it("weighs at most 60% of the peer's, the island and its statically imported chunks together", async () => {
    const [island] = scriptFilesOf(contactDocument())
    const graph = [...(await moduleGraphOf(island?.src ?? ""))]
    expect(graph.length).toBeGreaterThan(1)
    expect(gzippedTotal(graph)).toBeLessThanOrEqual(0.6 * PEER_JS_AT_START)
  })

  it("weighs at most 12 KB gzipped before a visitor touches the page, the island and its statically imported chunks together", async () => {
    const [island] = scriptFilesOf(contactDocument())
    expect(island?.src).toMatch(/^\/island-contact-form-/)
    expect(gzippedTotal(await moduleGraphOf(island?.src ?? ""))).toBeLessThanOrEqual(12 * KB)
  })

  it("leaves react-toastify out of it: the toasts' chunk loads later, when the browser is idle or a toast is due", async () => {
    const [island] = scriptFilesOf(contactDocument())
    // Its stylesheet, which it injects from its code, names this variable.
    const atStart = [...(await moduleGraphOf(island?.src ?? ""))].map(readBuilt).join("\n")
    expect(atStart).not.toContain("--toastify-color-light")
    expect(atStart).toMatch(/import\("\.\/island-chunk-[A-Z0-9]{8}\.js"\)/)
  })
})

describe("the contact page's JavaScript in all", () => {
  it("weighs at most 25 KB gzipped, everything the island can load included: the toasts' chunk (react-toastify and its styles) that a success toast needs", async () => {
    const [island] = scriptFilesOf(parseHtml(fs.readFileSync(builtFilePath("contact/index.html"), "utf8")))
    const everything = await everythingLoadedBy(island?.src ?? "")
    const atStart = await moduleGraphOf(island?.src ?? "")
    const later = [...everything].filter((src) => !atStart.has(src)).map(readBuilt)
    // The toasts' chunk is among them: react-toastify injects its stylesheet, which names this variable, from its code.
    expect(later.some((code) => code.includes("--toastify-color-light"))).toBe(true)
    expect(gzippedTotal(everything)).toBeLessThanOrEqual(25 * KB)
  })
})

describe("the place page's JavaScript", () => {
  it("is its island alone, in every language, loading no more than the contact page's at start", async () => {
    const contact = scriptFilesOf(parseHtml(fs.readFileSync(builtFilePath("contact/index.html"), "utf8")))
    const contactAtStart = gzippedTotal(await moduleGraphOf(contact[0]?.src ?? ""))
    for (const file of ["waitlist/place/index.html", "ja/waitlist/place/index.html"]) {
      const scripts = scriptFilesOf(parseHtml(fs.readFileSync(builtFilePath(file), "utf8")))
      expect(scripts.map((script) => script.src)).toEqual([expect.stringMatching(/^\/island-place-[A-Z0-9]{8}\.js$/)])
      const everything = await everythingLoadedBy(scripts[0]?.src ?? "")
      expect(gzippedTotal(everything)).toBeLessThanOrEqual(contactAtStart)
    }
  })
})
