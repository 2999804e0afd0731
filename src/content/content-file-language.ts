import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from "../i18n/languages"

/** What a content file's name says: the document it is, its language, and a problem if the name is not one the site knows. */
export type ContentFileName = { document: string; lang: LanguageCode; problem?: string }

/**
 * Reads a content file's name without its extension: `privacy-policy` is the
 * English privacy policy, `privacy-policy.pt-br` its Brazilian Portuguese
 * translation. A suffix that is no language of the site is a problem (a
 * translator's typo must not publish a page at a wrong address).
 */
export function contentFileLanguage(name: string): ContentFileName {
  const dot = name.indexOf(".")
  if (dot === -1) return { document: name, lang: DEFAULT_LANGUAGE }
  const document = name.slice(0, dot)
  const suffix = name.slice(dot + 1)
  if (isLanguageCode(suffix) && suffix !== DEFAULT_LANGUAGE) return { document, lang: suffix }
  return { document, lang: DEFAULT_LANGUAGE, problem: `"${suffix}" is not the code of a language of the site (see src/i18n/languages.ts)` }
}
