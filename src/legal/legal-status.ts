import { listLegalFiles, readLegalFile } from "./legal-files"
import { ENGLISH } from "./legal-layout"
import { splitLegalSource, versionDate } from "./legal-text"
import { isOutdated } from "../content/outdated-translations"

/**
 * Whether a text is up to date with English: English itself always is; a
 * translation is "outdated" when its `translationOf` is older than the
 * English text's effective date, which `englishDate` then names.
 */
export type TextStatus = { document: string; lang: string; state: "current" | "outdated"; englishDate: string; translationOf?: string }

/** The status of every text in force of a project, by document, English first, then by language code. */
export function legalStatus(root: string): TextStatus[] {
  const texts = listLegalFiles(root).current.map((text) => ({ ...text, frontmatter: splitLegalSource(readLegalFile(root, text.file)).frontmatter }))
  const englishDate = (document: string) => {
    const english = texts.find((text) => text.document === document && text.lang === ENGLISH)
    return english ? versionDate(english.frontmatter, ENGLISH) : ""
  }
  return texts
    .map((text): TextStatus => {
      const latest = englishDate(text.document)
      if (text.lang === ENGLISH) return { document: text.document, lang: ENGLISH, state: "current", englishDate: latest }
      const translationOf = String(text.frontmatter.translationOf ?? "")
      return { document: text.document, lang: text.lang, state: isOutdated(translationOf, latest) ? "outdated" : "current", englishDate: latest, translationOf }
    })
    .sort((a, b) => a.document.localeCompare(b.document) || Number(b.lang === ENGLISH) - Number(a.lang === ENGLISH) || a.lang.localeCompare(b.lang))
}
