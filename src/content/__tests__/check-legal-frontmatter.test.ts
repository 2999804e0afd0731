import { checkLegalFrontmatter } from "../check-legal-frontmatter"

const legal = (frontmatter: string) => `---\n${frontmatter}\n---\n\nBody.\n`

describe("checkLegalFrontmatter", () => {
  it("accepts a title and an effective date written as YYYY-MM-DD", () => {
    expect(checkLegalFrontmatter(legal("title: Privacy Policy\neffectiveDate: 2025-05-25"))).toEqual([])
    expect(checkLegalFrontmatter(legal('title: "Terms"\neffectiveDate: "2025-05-25"'))).toEqual([])
  })

  it("refuses a file without a title", () => {
    expect(checkLegalFrontmatter(legal("effectiveDate: 2025-05-25"))).toEqual(["it has no `title` in its frontmatter"])
    expect(checkLegalFrontmatter(legal("title:\neffectiveDate: 2025-05-25"))).toEqual([
      "it has no `title` in its frontmatter",
    ])
  })

  it("refuses a file without an effective date", () => {
    expect(checkLegalFrontmatter(legal("title: Privacy Policy"))).toEqual([
      "it has no `effectiveDate` in its frontmatter",
    ])
  })

  it.each(["May 25, 2025", "2025-5-25", "2025-02-30", "2025-13-01", "soon"])(
    "refuses the malformed effective date %s",
    (date) => {
      expect(checkLegalFrontmatter(legal(`title: Privacy Policy\neffectiveDate: ${date}`))).toEqual([
        `its \`effectiveDate\` "${date}" is not a real date written as YYYY-MM-DD`,
      ])
    },
  )

  it("refuses a file with no frontmatter at all", () => {
    expect(checkLegalFrontmatter("# Just a heading\n")).toHaveLength(2)
  })
})
