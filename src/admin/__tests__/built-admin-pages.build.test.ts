/**
 * @jest-environment node
 */
import fs from "fs"
import {
  builtFilePath,
  builtHtmlFiles,
  parseHtml,
  readBuiltPage,
  scriptSources,
} from "../../../test/support/built-pages"
import { ensureProductionBuild } from "../../../test/support/production-build"

const ADMIN_PAGES = [
  "admin/index.html",
  "admin/login/index.html",
  "admin/invite/index.html",
  "admin/entries/index.html",
  "admin/person/index.html",
  "admin/audit/index.html",
  "admin/announcements/index.html",
]

beforeAll(() => ensureProductionBuild(), 10 * 60_000)

describe("the admin's built pages", () => {
  it.each(ADMIN_PAGES)("%s is English, noindex, and loads the admin's island script and no other", (file) => {
    const document = readBuiltPage({ route: file, file })
    expect(document.documentElement.lang).toBe("en")
    expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex, nofollow")
    expect(document.querySelector('link[rel="canonical"], link[rel="alternate"]')).toBeNull()
    expect(scriptSources(document)).toEqual([expect.stringMatching(/^\/island-admin-[A-Z0-9]{8}\.js$/)])
  })

  it("exist in English alone, and the sitemap lists none of them", () => {
    expect(builtHtmlFiles().filter((file) => file.includes("admin/"))).toEqual(expect.arrayContaining(ADMIN_PAGES))
    expect(builtHtmlFiles().filter((file) => /^[a-z-]+\/admin\//.test(file) && !file.startsWith("admin/"))).toEqual([])
    expect(fs.readFileSync(builtFilePath("sitemap-0.xml"), "utf8")).not.toContain("/admin")
  })

  it("is loaded by no visitor's page", () => {
    const visitors = builtHtmlFiles().filter((file) => !file.startsWith("admin/"))
    const loading = visitors.filter((file) =>
      scriptSources(parseHtml(fs.readFileSync(builtFilePath(file), "utf8"))).some((src) =>
        src.startsWith("/island-admin-"),
      ),
    )
    expect(loading).toEqual([])
  })
})
