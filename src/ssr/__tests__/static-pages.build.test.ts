/**
 * @jest-environment node
 *
 * What every static page of the production build carries to load at the
 * plain-HTML limit: its styles as one stylesheet, one inline script of
 * ours at the end, and the phone mockup as gatsby-plugin-image's picture,
 * shown without the plugin's scripts.
 */
import { builtHtmlFiles, parseHtml, builtFilePath, runnableInlineScripts } from "../../../test/support/built-pages"
import { ensureProductionBuild } from "../../../test/support/production-build"
import fs from "fs"
import { PAGE_SCRIPT } from "../page-scripts"

beforeAll(() => ensureProductionBuild(), 10 * 60_000)

const documentOf = (file: string) => parseHtml(fs.readFileSync(builtFilePath(file), "utf8"))
/** The built pages, the admin's (which its own island styles) left out. */
const sitePages = () => builtHtmlFiles().filter((file) => !file.startsWith("admin/"))

describe("every static page of the build", () => {
  it("has its styles in one stylesheet in its head, and no other <style>", () => {
    for (const file of sitePages()) {
      const document = documentOf(file)
      const styles = [...document.querySelectorAll("style")].filter((style) => !style.closest("noscript"))
      expect({ file, styles: styles.length, inHead: styles[0]?.parentElement?.tagName }).toEqual({
        file,
        styles: 1,
        inHead: "HEAD",
      })
    }
  })

  it("runs one inline script, ours, as the last element of its body, and no module script of the image plugin", () => {
    for (const file of sitePages()) {
      const document = documentOf(file)
      expect({ file, scripts: runnableInlineScripts(document) }).toEqual({ file, scripts: [PAGE_SCRIPT.text] })
      expect(document.body.lastElementChild?.textContent).toBe(PAGE_SCRIPT.text)
    }
  })
})

describe("the phone mockup on the built landing page", () => {
  it("is gatsby-plugin-image's picture in AVIF, WebP and PNG at 280, 340 and 680 px, loaded at once", () => {
    for (const file of ["index.html", "ja/index.html"]) {
      const wrapper = documentOf(file).querySelector("[data-testid=phone-mockup] [data-gatsby-image-wrapper]")
      const image = wrapper?.querySelector("picture img[data-main-image]")
      // Its copy for browsers without scripting, in <noscript>, is parsed as elements here.
      const sources = [...(wrapper?.querySelectorAll("picture > source") ?? [])].filter((s) => !s.closest("noscript"))
      const types = sources.map((source) => source.getAttribute("type"))
      expect(types).toEqual(["image/avif", "image/webp"])
      const widths = (image?.getAttribute("srcset") ?? "").split(",").map((candidate) => candidate.trim().split(" ")[1])
      expect(widths).toEqual(["280w", "340w", "680w"])
      expect(image?.getAttribute("loading")).toBe("eager")
    }
  })
})
