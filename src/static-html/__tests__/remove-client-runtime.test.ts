import fs from "fs"
import os from "os"
import path from "path"
import { islandScriptTag, removeClientRuntime, routeOfHtmlFile, setIslandScript } from "../remove-client-runtime"
import { shipStaticPagesWithoutRuntime } from "../ship-static-pages-without-runtime"

const builtPage = [
  '<html><head><link as="script" rel="preload" href="/app-1a2b3c4d.js"/></head><body>',
  '<div id="___gatsby"><h1>Hi</h1></div>',
  '<script type="module">const e="image";</script>',
  '<script>(function(){var mode=1})()</script>',
  '<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/";/*]]>*/</script>',
  '<script\n            id="gatsby-chunk-mapping"\n          >\n            window.___chunkMapping="{}";\n          </script>',
  '<script>window.___webpackCompilationHash="ef55";</script>',
  '<script src="/webpack-runtime-b0eb.js" async></script><script src="/framework-6073.js" async></script><script src="/app-1c21.js" async></script>',
  "</body></html>",
].join("")

describe("removeClientRuntime", () => {
  it("removes Gatsby's runtime scripts, chunk map and preloads", () => {
    const page = removeClientRuntime(builtPage)
    expect(page).not.toMatch(/webpack-runtime|framework-|app-1|___chunkMapping|pagePath|___webpackCompilationHash|rel="preload"/)
  })

  it("keeps the page, the image script and the other inline scripts", () => {
    const page = removeClientRuntime(builtPage)
    expect(page).toContain("<h1>Hi</h1>")
    expect(page).toContain('<script type="module">const e="image";</script>')
    expect(page).toContain("<script>(function(){var mode=1})()</script>")
  })
})

describe("which pages keep the runtime", () => {
  it.each([
    ["index.html", "/"],
    ["contact/index.html", "/contact"],
    ["privacy-policy/index.html", "/privacy-policy"],
    ["404.html", "/404"],
    ["404/index.html", "/404"],
  ])("reads %s as the route %s", (file, route) => {
    expect(routeOfHtmlFile(file)).toBe(route)
  })

  const folders: string[] = []
  afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

  /** A public/ folder holding the built page at the landing page and the contact page. */
  const builtSite = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "static-html-"))
    folders.push(dir)
    fs.mkdirSync(path.join(dir, "contact"))
    for (const file of ["index.html", "contact/index.html"]) fs.writeFileSync(path.join(dir, file), builtPage)
    const read = (file: string) => fs.readFileSync(path.join(dir, file), "utf8")
    return { dir, read }
  }

  it("keeps it nowhere, and gives only the island's route its script", () => {
    const { dir, read } = builtSite()
    expect(shipStaticPagesWithoutRuntime(dir, false, { "/contact": "/island-contact-ABCD1234.js" }).sort()).toEqual(["/", "/contact"])
    expect(read("index.html")).toBe(removeClientRuntime(builtPage))
    expect(read("contact/index.html")).toBe(setIslandScript(removeClientRuntime(builtPage), "/island-contact-ABCD1234.js"))
  })

  it("keeps it everywhere, with no island, while the color-mode toggle is shown", () => {
    const { dir, read } = builtSite()
    expect(shipStaticPagesWithoutRuntime(dir, true, { "/contact": "/island-contact-ABCD1234.js" })).toEqual([])
    expect([read("index.html"), read("contact/index.html")]).toEqual([builtPage, builtPage])
  })
})

describe("setIslandScript", () => {
  const stripped = removeClientRuntime(builtPage)

  it("loads the island as an async module at low priority, after the page's content", () => {
    const page = setIslandScript(stripped, "/island-contact-ABCD1234.js")
    expect(page).toContain('<script type="module" async fetchpriority="low" src="/island-contact-ABCD1234.js"></script></body>')
    expect(page.indexOf("island-contact")).toBeGreaterThan(page.indexOf("<h1>Hi</h1>"))
  })

  it("replaces the tag a page kept from the last build, so a rebuild never loads two islands", () => {
    const rebuilt = setIslandScript(setIslandScript(stripped, "/island-contact-OLD00000.js"), "/island-contact-NEW11111.js")
    expect(rebuilt.match(/<script type="module" async/g)).toHaveLength(1)
    expect(rebuilt).toContain(islandScriptTag("/island-contact-NEW11111.js"))
  })

  it("removes the tag from a page that no longer has an island", () => {
    expect(setIslandScript(setIslandScript(stripped, "/island-contact-OLD00000.js"), undefined)).toBe(stripped)
  })
})
