/**
 * @jest-environment node
 *
 * Japanese pages as built: their lines break between phrases by the build's
 * <wbr>, not by the browser's own segmentation, and nothing else changes.
 */
import fs from "fs"
import { CONTACT_FORM_ISLAND_ID } from "../../components/ready-marks"
import { translate } from "../../i18n/messages"
import {
  builtFilePath,
  builtHtmlFiles,
  LOCALIZED_PAGES,
  readBuiltPage,
  type LocalizedPage,
} from "../../../test/support/built-pages"
import { ensureProductionBuild } from "../../../test/support/production-build"
import { NO_PHRASE_BREAKS_ATTRIBUTE, PHRASES_CLASS } from "../phrase-marks"

beforeAll(() => ensureProductionBuild(), 10 * 60_000)

const japanese = LOCALIZED_PAGES.filter(({ lang }) => lang === "ja")
const others = LOCALIZED_PAGES.filter(({ lang }) => lang !== "ja")
const japanesePage = (englishRoute: string) =>
  readBuiltPage(japanese.find((page) => page.englishRoute === englishRoute) as LocalizedPage)

describe("the built Japanese pages", () => {
  it.each(japanese.map((page) => [page.route, page] as const))(
    "%s marks its paragraphs' phrases with <wbr>",
    (_, page) => {
      const document = readBuiltPage(page)
      const paragraphs = [...document.querySelectorAll(`.${PHRASES_CLASS}`)]
      expect(paragraphs.length).toBeGreaterThan(0)
      for (const paragraph of paragraphs) expect(paragraph.querySelector("wbr")).not.toBeNull()
    },
  )

  it("keeps every text as written: the landing page's lead and the legal text read the same without the breaks", () => {
    const landing = japanesePage("/")
    const lead = [...landing.querySelectorAll(`p.${PHRASES_CLASS}`)].find(
      (paragraph) => paragraph.querySelectorAll("wbr").length > 5,
    )
    expect(lead?.textContent).toMatch(/^どの物語も、.+。$/)
    expect(landing.querySelector("footer a[href='/ja/privacy-policy']")?.textContent).toBe(
      translate("ja", "footer.privacy"),
    )
    const policy = japanesePage("/privacy-policy")
    expect(policy.querySelectorAll("article wbr").length).toBeGreaterThan(300)
    expect(policy.querySelector("h1")?.textContent).toBe("プライバシーポリシー")
  })

  it("leaves the contact form's island as its script renders it, so hydration changes nothing", () => {
    const island = japanesePage("/contact").getElementById(CONTACT_FORM_ISLAND_ID)
    expect(island?.hasAttribute(NO_PHRASE_BREAKS_ATTRIBUTE)).toBe(true)
    expect(island?.querySelectorAll("wbr")).toHaveLength(0)
    expect(island?.querySelector("label[for=name]")?.textContent).toBe(translate("ja", "form.name"))
  })
})

describe("the other languages' pages", () => {
  it.each(others.map((page) => [page.route, page] as const))("%s has no phrase breaks", (_, page) => {
    const document = readBuiltPage(page)
    expect([document.querySelectorAll("wbr").length, document.querySelectorAll(`.${PHRASES_CLASS}`).length]).toEqual([
      0, 0,
    ])
  })
})

describe("the stylesheet of every built page", () => {
  it("asks the browser for no phrase segmentation of its own, and keeps Japanese phrases whole where the build marked them", () => {
    const pages = builtHtmlFiles()
    expect(pages.length).toBeGreaterThan(30)
    expect(pages.filter((file) => fs.readFileSync(builtFilePath(file), "utf8").includes("auto-phrase"))).toEqual([])
    const style = fs.readFileSync(builtFilePath("ja/index.html"), "utf8")
    expect(style).toContain(`.${PHRASES_CLASS}{word-break:keep-all;overflow-wrap:anywhere;}`)
    expect(style).toMatch(/html:lang\(ja\)\{font-family:"Hiragino Sans","Noto Sans CJK JP"[^}]*hyphens:manual;\}/)
  })
})
