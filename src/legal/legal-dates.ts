import { ENGLISH } from "./legal-layout"

/** The locale a language's dates are written in; English as in the United States, like the rest of the site. */
const locale = (lang: string) => (lang === ENGLISH ? "en-US" : lang.replace(/-([a-z]{2})$/, (_, region: string) => `-${region.toUpperCase()}`))

/** A YYYY-MM-DD date as a legal page shows it in a language: "May 25, 2025" in English, "25 de mayo de 2025" in Spanish. */
export function formatLegalDate(date: string, lang: string = ENGLISH): string {
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`))
}
