import { readContentFile } from "../../../test/support/content-files"
import { LANGUAGES } from "../../i18n/languages"
import { checkLandingFrontmatter, checkLegalFrontmatter } from "../check-frontmatter"

const translations = LANGUAGES.filter(({ code }) => code !== "en")
const DOCUMENTS = ["privacy-policy", "terms-and-conditions"] as const

/** The structure a translation must keep: heading levels, link targets, tokens and list items, in order. */
const structureOf = (markdown: string) => ({
  headings: [...markdown.matchAll(/^(#{1,6}) /gm)].map(([, hashes = ""]) => hashes.length),
  links: [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map(([, target]) => target),
  tokens: [...markdown.matchAll(/\{\{[^}]{1,40}\}\}/g)].map(([token]) => token),
  listItems: (markdown.match(/^ *(?:[-*]|\d+\.) /gm) ?? []).length,
})

describe.each(translations)("the legal texts in $name", ({ code }) => {
  it.each(DOCUMENTS)("%s keeps the English text's sections, links, tokens and lists, and names the English date it translates", (document) => {
    const english = readContentFile(`legal/${document}.md`)
    const translated = readContentFile(`legal/${document}.${code}.md`)
    expect(checkLegalFrontmatter(translated.frontmatter, true)).toEqual([])
    expect(translated.frontmatter.effectiveDate).toBeUndefined()
    expect(String(translated.frontmatter.translationOf) <= String(english.frontmatter.effectiveDate)).toBe(true)
    expect(structureOf(translated.body)).toEqual(structureOf(english.body))
    expect(translated.frontmatter.title).not.toBe(english.frontmatter.title)
  })
})

describe.each(translations)("the landing copy in $name", ({ code }) => {
  it("has every field, its highlight inside its headline, and is not the English copy", () => {
    const english = readContentFile("landing/index.md")
    const translated = readContentFile(`landing/index.${code}.md`)
    expect(checkLandingFrontmatter(translated.frontmatter)).toEqual([])
    expect(translated.frontmatter.headline).not.toBe(english.frontmatter.headline)
    expect(typeof translated.frontmatter.description).toBe("string")
  })
})
