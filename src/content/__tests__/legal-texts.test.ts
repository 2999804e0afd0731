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
    ["privacy-policy.md", privacyFile, "2027-03-01"],
    ["archive/privacy-policy/2027-01-15.md", readContentFile("legal/archive/privacy-policy/2027-01-15.md"), "2027-01-15"],
    ["archive/privacy-policy/2026-12-01.md", readContentFile("legal/archive/privacy-policy/2026-12-01.md"), "2026-12-01"],
    ["archive/privacy-policy/2025-05-25.md", readContentFile("legal/archive/privacy-policy/2025-05-25.md"), "2025-05-25"],
    ["terms-and-conditions.md", termsFile, "2025-05-25"],
  ])("%s passes the build's checks, is effective %s, and fills every token", (_, file, date) => {
    expect(checkLegalFrontmatter(file.frontmatter)).toEqual([])
    expect(file.frontmatter.effectiveDate).toBe(date)
    expect(() => fillEveryToken(file.body)).not.toThrow()
  })

  it("said in the privacy policy of January 15, 2027 what a referral records and for how long, in every language", () => {
    const january = readContentFile("legal/archive/privacy-policy/2027-01-15.md").body
    expect(january).toContain("### Your place in line and your personal link")
    expect(january).toContain("a code made from the network address of the device your friend signed up from (never the address itself)")
    expect(january).toContain("no cookie is set")
    expect(january).toContain("We keep the record of a referral for as long as both you and your friend are on the waitlist. It is deleted with either entry")
    const headings = { es: "### Su puesto en la fila y su enlace personal", fr: "### Votre place dans la file et votre lien personnel", de: "### Ihr Platz in der Reihe und Ihr persönlicher Link", "pt-br": "### Seu lugar na fila e seu link pessoal", ja: "### あなたの順番と専用リンク" }
    for (const [lang, heading] of Object.entries(headings)) {
      const translation = readContentFile(`legal/archive/privacy-policy/2027-01-15.${lang}.md`)
      expect({ lang, translates: translation.frontmatter.translationOf, heading: translation.body.includes(heading) }).toEqual({ lang, translates: "2027-01-15", heading: true })
    }
  })

  it("says in the privacy policy from March 1, 2027 what a reward records, that codes come from the stores, and that networks are kept as /24 or /48 for 30 days, in every language", () => {
    expect(privacy).toContain("### Rewards for friends who join")
    expect(privacy).toContain("the codes are issued by the app stores themselves (Apple's App Store or Google Play), and we give each code to one person only")
    expect(privacy).toContain("We record which reward you earned and when, which of your friends' sign-ups earned it")
    expect(privacy).toContain("the first three of the four numbers of an IPv4 address (a /24) or the first 48 bits of an IPv6 address (a /48)")
    expect(privacy).toContain("We keep them for 30 days after the sign-up and then delete them.")
    expect(privacy).toContain("no fingerprint of your browser or phone is taken")
    expect(privacy).toContain("The network a sign-up came from is deleted 30 days after the sign-up.")
    const said = {
      es: ["### Recompensas por los amigos que se unen", "(un /24)", "(un /48)", "30 días"],
      fr: ["### Récompenses pour les amis qui nous rejoignent", "(un /24)", "(un /48)", "30 jours"],
      de: ["### Belohnungen für Freunde, die mitmachen", "(ein /24)", "(ein /48)", "30 Tage"],
      "pt-br": ["### Recompensas pelos amigos que entram", "(um /24)", "(um /48)", "30 dias"],
      ja: ["### ご友人の参加による特典", "（/24）", "（/48）", "30日"],
    }
    for (const [lang, phrases] of Object.entries(said)) {
      const translation = readContentFile(`legal/privacy-policy.${lang}.md`)
      expect({ lang, translates: translation.frontmatter.translationOf, missing: phrases.filter((phrase) => !translation.body.includes(phrase)) }).toEqual({ lang, translates: "2027-03-01", missing: [] })
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
