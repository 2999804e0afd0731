import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from "../../i18n/languages"

/** The page language a submission came from (`metadata.locale`, the page's `<html lang>`): the language of the person's mails and links; English when it names none of the site's. */
export function submissionLanguage(metadata: Record<string, unknown>): LanguageCode {
  const locale = typeof metadata.locale === "string" ? metadata.locale.toLowerCase() : ""
  return isLanguageCode(locale) ? locale : DEFAULT_LANGUAGE
}
