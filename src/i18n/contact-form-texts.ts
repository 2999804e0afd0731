import type { LanguageCode } from "./languages"
import { messagesStartingWith } from "./messages"

/** The texts the contact form's island shows: its labels, its messages under the fields and its toasts. */
export type ContactFormTexts = ReturnType<typeof formTexts> & ReturnType<typeof toastTexts>

const formTexts = (lang: LanguageCode) => messagesStartingWith(lang, "form.")
const toastTexts = (lang: LanguageCode) => messagesStartingWith(lang, "toast.")

/**
 * The contact form's texts in one language. The page hands them to the
 * island as a JSON data block (see ContactFormIsland), so the island's
 * script carries no language's texts and stays one small file for all.
 */
export function contactFormTexts(lang: LanguageCode): ContactFormTexts {
  return { ...formTexts(lang), ...toastTexts(lang) }
}

/** The id of the data block that holds the texts on the page. */
export const CONTACT_FORM_TEXTS_ID = "contact-form-texts"
