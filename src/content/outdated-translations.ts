import { DEFAULT_LANGUAGE } from "../i18n/languages"

/** A legal text as the build knows it: its document, language and dates. */
export type LegalTextDates = { document: string; lang: string; effectiveDate?: string | null; translationOf?: string | null }

/** The first ten characters of a date as GraphQL may give it ("2025-05-25T00:00:00.000Z"). */
const day = (date: string | null | undefined) => (date ?? "").slice(0, 10)

/**
 * Whether a translation follows an older English version than the one in
 * effect. Dates are written YYYY-MM-DD, so they compare as text.
 */
export const isOutdated = (translationOf: string | null | undefined, englishDate: string | null | undefined): boolean =>
  day(translationOf) < day(englishDate)

/**
 * The translations of legal texts that follow an older English version,
 * each as one line naming the document, the language, the date it
 * translates and the English date in effect.
 */
export function outdatedTranslations(texts: LegalTextDates[]): string[] {
  const english = new Map(texts.filter((text) => text.lang === DEFAULT_LANGUAGE).map((text) => [text.document, day(text.effectiveDate)]))
  return texts
    .filter((text) => text.lang !== DEFAULT_LANGUAGE && isOutdated(text.translationOf, english.get(text.document)))
    .map((text) => `${text.document} (${text.lang}): outdated, translates ${day(text.translationOf)}, English is ${english.get(text.document) ?? "?"}`)
}
