import fs from "fs"
import path from "path"
import { siteFacts } from "../../config/site-facts"
import { checkLegalFrontmatter } from "../check-legal-frontmatter"
import { fillSiteFacts } from "../fill-site-facts"

const read = (name: string) => fs.readFileSync(path.join(__dirname, "..", "..", "..", "content", "legal", name), "utf8")
const privacy = read("privacy-policy.md")
const terms = read("terms-and-conditions.md")
const sectionsOf = (markdown: string) => [...markdown.matchAll(/^## (.+)$/gm)].map((match) => match[1])

describe("the legal texts in content/legal", () => {
  it.each([
    ["privacy-policy.md", privacy],
    ["terms-and-conditions.md", terms],
  ])("%s passes the build's checks and fills every token", (_, text) => {
    expect(checkLegalFrontmatter(text)).toEqual([])
    expect(text).toMatch(/^effectiveDate: 2025-05-25$/m)
    expect(() => fillSiteFacts(text, siteFacts)).not.toThrow()
  })

  it("gives the privacy policy every section the spec lists", () => {
    expect(sectionsOf(privacy)).toEqual(
      expect.arrayContaining([
        "Information collection and use",
        "Third-party access",
        "Opt-out rights",
        "Data retention",
        "Children",
        "Security",
        "Changes to this policy",
        "Your consent",
        "Contact us",
      ]),
    )
  })

  it("links the four providers, sets the age limit at 13 and offers deletion by e-mail", () => {
    for (const role of ["store", "analytics", "errors", "billing"]) expect(privacy).toContain(`{{provider:${role}}}`)
    expect(privacy).toMatch(/under (the age of )?13/)
    expect(privacy).toContain("{{supportEmail}}")
  })

  it("gives the terms every section the spec lists and links the providers' terms", () => {
    expect(sectionsOf(terms)).toEqual([
      "Using the app",
      "Changes to the app and pricing",
      "Keeping your device secure",
      "Third-party services",
      "Internet connection and data charges",
      "Your other responsibilities",
      "Information from third parties",
      "Updates and termination",
      "Changes to these terms",
      "Contact us",
    ])
    expect(terms).toMatch(/jailbreak/i)
    expect(terms).toMatch(/root/i)
    for (const role of ["store", "analytics", "errors", "billing"]) expect(terms).toContain(`{{terms:${role}}}`)
    expect(terms).toContain("{{supportEmail}}")
  })
})
