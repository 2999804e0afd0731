import { checkLandingFrontmatter, checkLegalFrontmatter } from "../check-frontmatter"
import { parseFrontmatterYaml } from "../frontmatter-yaml"

/** The frontmatter as the build parses it. */
const legal = (yaml: string) => checkLegalFrontmatter(parseFrontmatterYaml(yaml))

describe("checkLegalFrontmatter, on frontmatter as the build parses it", () => {
  it("accepts a title and an effective date written as YYYY-MM-DD", () => {
    expect(legal("title: Privacy Policy\neffectiveDate: 2025-05-25")).toEqual([])
    expect(legal('title: "Terms"\neffectiveDate: "2025-05-25"')).toEqual([])
  })

  it("reads multi-line YAML as YAML", () => {
    expect(legal("title: >\n  Privacy\n  Policy\ndescription: |\n  Two\n  lines.\neffectiveDate: 2025-05-25")).toEqual([])
    expect(parseFrontmatterYaml("title: >\n  Privacy\n  Policy\n").title).toBe("Privacy Policy\n")
  })

  it("refuses a file without a title, or with an empty one", () => {
    expect(legal("effectiveDate: 2025-05-25")).toEqual(["it has no `title` in its frontmatter"])
    expect(legal("title:\neffectiveDate: 2025-05-25")).toEqual(["it has no `title` in its frontmatter"])
  })

  it("refuses a file without an effective date", () => {
    expect(legal("title: Privacy Policy")).toEqual(["it has no `effectiveDate` in its frontmatter"])
  })

  it.each(["May 25, 2025", "2025-5-25", "2025-02-30", "2025-13-01", "soon", "2025-05-25T10:00:00Z"])(
    "refuses the malformed effective date %s, as written",
    (date) => {
      expect(legal(`title: Privacy Policy\neffectiveDate: ${date}`)).toEqual([`its \`effectiveDate\` "${date}" is not a real date written as YYYY-MM-DD`])
    },
  )

  it("refuses a file with no frontmatter at all", () => {
    expect(checkLegalFrontmatter({})).toHaveLength(2)
  })

  it("asks a translation for the English date it translates, and a real effective date only if it has one", () => {
    const translation = (yaml: string) => checkLegalFrontmatter(parseFrontmatterYaml(yaml), true)
    expect(translation("title: Política de privacidad\ntranslationOf: 2025-05-25")).toEqual([])
    expect(translation("title: Política de privacidad")).toEqual(["it has no `translationOf` in its frontmatter"])
    expect(translation("title: Política de privacidad\ntranslationOf: 2025-02-30")).toEqual([
      'its `translationOf` "2025-02-30" is not a real date written as YYYY-MM-DD',
    ])
    expect(translation("title: Política de privacidad\ntranslationOf: 2025-05-25\neffectiveDate: 2025-02-30")).toEqual([
      'its `effectiveDate` "2025-02-30" is not a real date written as YYYY-MM-DD',
    ])
  })
})

describe("checkLandingFrontmatter", () => {
  const landing = "title: Home\nheadline: Learn a new language one story at a time.\nhighlight: one story\nsubtext: s\nmockupAlt: a"

  it("accepts copy with every field and a highlight inside the headline", () => {
    expect(checkLandingFrontmatter(parseFrontmatterYaml(landing))).toEqual([])
  })

  it("names every missing field and a highlight that is not part of the headline", () => {
    expect(checkLandingFrontmatter(parseFrontmatterYaml("title: Home\nheadline: Learn.\nhighlight: two stories"))).toEqual([
      "it has no `subtext` in its frontmatter",
      "it has no `mockupAlt` in its frontmatter",
      'its `highlight` "two stories" is not part of its `headline`',
    ])
  })
})
