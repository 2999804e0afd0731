import { languageOf } from "./languages"

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Whether a value is a date that exists, written as YYYY-MM-DD (not 2025-02-30, not 2025-5-25). */
export function isRealIsoDate(value: unknown): value is string {
  const match = typeof value === "string" ? ISO_DATE.exec(value) : null
  if (!match) return false
  const [, year, month, day] = match.map(Number) as [number, number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/**
 * A date written YYYY-MM-DD, as a reader of a language writes it in full:
 * "May 25, 2025", "25 de mayo de 2025", "2025年5月25日". Read and written in
 * UTC, so no time zone moves it to the day before. A date that does not
 * exist (2025-02-30) is shown as written, never rolled over to another day.
 */
export function formatDate(lang: string, isoDate: string): string {
  const day = isoDate.slice(0, 10)
  if (!isRealIsoDate(day)) return isoDate
  return new Intl.DateTimeFormat(languageOf(lang).htmlLang, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  )
}
