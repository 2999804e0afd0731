/** The first ten characters of a date as GraphQL may give it ("2025-05-25T00:00:00.000Z"). */
const day = (date: string | null | undefined) => (date ?? "").slice(0, 10)

/**
 * Whether a translation follows an older English version than the one in
 * effect. Dates are written YYYY-MM-DD, so they compare as text.
 */
export const isOutdated = (translationOf: string | null | undefined, englishDate: string | null | undefined): boolean =>
  day(translationOf) < day(englishDate)
