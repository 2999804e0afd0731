import { readContentFile } from "../../../test/support/content-files"
import { siteFacts } from "../../config/site-facts"
import { checkLegalFrontmatter } from "../check-frontmatter"

// The remark plugin that fills the tokens is plain JavaScript, as gatsby-transformer-remark requires it.
const fillTokens = require("../../../plugins/gatsby-remark-site-facts") as (api: object, options: object) => unknown

const privacyFile = readContentFile("legal/privacy-policy.md")
const termsFile = readContentFile("legal/terms-and-conditions.md")
const privacy = privacyFile.body
const terms = termsFile.body
/** Runs the build's token filling over a whole text, as one text node. */
const fillEveryToken = (body: string) => fillTokens({ markdownAST: { type: "root", children: [{ type: "text", value: body }] }, markdownNode: {} }, { facts: siteFacts })
const sectionsOf = (markdown: string) => [...markdown.matchAll(/^## (.+)$/gm)].map((match) => match[1])

describe("the legal texts in content/legal", () => {
  it.each([
    ["privacy-policy.md", privacyFile, "2027-01-15"],
    ["archive/privacy-policy/2026-12-01.md", readContentFile("legal/archive/privacy-policy/2026-12-01.md"), "2026-12-01"],
    ["archive/privacy-policy/2025-05-25.md", readContentFile("legal/archive/privacy-policy/2025-05-25.md"), "2025-05-25"],
    ["terms-and-conditions.md", termsFile, "2025-05-25"],
  ])("%s passes the build's checks, is effective %s, and fills every token", (_, file, date) => {
    expect(checkLegalFrontmatter(file.frontmatter)).toEqual([])
    expect(file.frontmatter.effectiveDate).toBe(date)
    expect(() => fillEveryToken(file.body)).not.toThrow()
  })

  it("says in the privacy policy, from January 15, 2027, what a referral records and for how long, in every language", () => {
    expect(privacy).toContain("### Your place in line and your personal link")
    expect(privacy).toContain("a code made from the network address of the device your friend signed up from (never the address itself)")
    expect(privacy).toContain("no cookie is set")
    expect(privacy).toContain("We keep the record of a referral for as long as both you and your friend are on the waitlist. It is deleted with either entry")
    const headings = { es: "### Su puesto en la fila y su enlace personal", fr: "### Votre place dans la file et votre lien personnel", de: "### Ihr Platz in der Reihe und Ihr persönlicher Link", "pt-br": "### Seu lugar na fila e seu link pessoal", ja: "### あなたの順番と専用リンク" }
    for (const [lang, heading] of Object.entries(headings)) {
      const translation = readContentFile(`legal/privacy-policy.${lang}.md`)
      expect({ lang, translates: translation.frontmatter.translationOf, heading: translation.body.includes(heading) }).toEqual({ lang, translates: "2027-01-15", heading: true })
    }
  })

  it("says in the privacy policy in force, since December 1, 2026, how visits are counted without cookies", () => {
    expect(privacy).toContain("### Visits to this website")
    expect(privacy).toContain("This website counts its visits without cookies and without any script in your browser.")
    expect(privacy).toContain("Your IP address and User-Agent are never stored.")
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
