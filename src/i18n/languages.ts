/**
 * The languages of the site. English is the default: its pages keep the
 * spec's paths (/contact); every other language lives under its own prefix
 * (/es/contact). Adding a language is one entry here, its dictionary in
 * messages/, and its copy in content/ (see docs/editing.md).
 */
export const LANGUAGES = [
  { code: "en", htmlLang: "en", name: "English", ogLocale: "en_US" },
  { code: "es", htmlLang: "es", name: "Español", ogLocale: "es_ES" },
  { code: "fr", htmlLang: "fr", name: "Français", ogLocale: "fr_FR" },
  { code: "de", htmlLang: "de", name: "Deutsch", ogLocale: "de_DE" },
  { code: "pt-br", htmlLang: "pt-BR", name: "Português (Brasil)", ogLocale: "pt_BR" },
  { code: "ja", htmlLang: "ja", name: "日本語", ogLocale: "ja_JP" },
] as const

/** One language of the site. */
export type Language = (typeof LANGUAGES)[number]

/** A language's code as it appears in paths and file names: "en", "pt-br". */
export type LanguageCode = Language["code"]

/** The language whose pages have no prefix, and whose texts prevail. */
export const DEFAULT_LANGUAGE: LanguageCode = "en"

const CODES: readonly string[] = LANGUAGES.map((language) => language.code)

/** Whether a string is the code of one of the site's languages. */
export const isLanguageCode = (value: unknown): value is LanguageCode =>
  typeof value === "string" && CODES.includes(value)

/** The language of a code, English for anything else. */
export const languageOf = (code: unknown): Language =>
  LANGUAGES.find((language) => language.code === code) ?? (LANGUAGES[0] as Language)

/** The path prefix of a language's pages: "" for English, "/es" for Spanish. */
export const languagePrefix = (code: LanguageCode): string => (code === DEFAULT_LANGUAGE ? "" : `/${code}`)

/**
 * A path of the site in a language: `localizedPath("es", "/contact")` is
 * "/es/contact", and the home page of Spanish is "/es".
 */
export function localizedPath(code: LanguageCode, path: string): string {
  const prefix = languagePrefix(code)
  if (!prefix) return path
  return path === "/" ? prefix : `${prefix}${path}`
}

/**
 * A path split into its language and the path of the same page in English:
 * "/pt-br/contact" gives pt-br and "/contact"; "/contact" gives en and "/contact".
 */
export function splitLanguage(path: string): { code: LanguageCode; path: string } {
  const [, first = "", ...rest] = path.split("/")
  if (first !== DEFAULT_LANGUAGE && isLanguageCode(first)) return { code: first, path: `/${rest.join("/")}` }
  return { code: DEFAULT_LANGUAGE, path: path || "/" }
}
