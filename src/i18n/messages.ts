import de from "./messages/de.json"
import en from "./messages/en.json"
import es from "./messages/es.json"
import fr from "./messages/fr.json"
import ja from "./messages/ja.json"
import ptBr from "./messages/pt-br.json"
import type { LanguageCode } from "./languages"

/** The keys of the site's texts; English names them all. */
export type MessageKey = keyof typeof en

/** A language's texts: every key, no more (a missing key is a type error, and messages.test.ts checks the files too). */
export type Messages = Record<MessageKey, string>

/** The dictionaries of the site's languages, one JSON file each in messages/. */
export const DICTIONARIES: Record<LanguageCode, Messages> = { en, es, fr, de, "pt-br": ptBr, ja }

/** Values for a text's `{placeholders}`. */
export type MessageValues = Record<string, string | number>

/**
 * Fills a text's `{placeholders}` with values, in one pass over the text.
 * A placeholder without a value stays as it is, so a test can catch it.
 */
export function fillPlaceholders(text: string, values: MessageValues = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}

/** A text of the site in a language, its placeholders filled. */
export function translate(code: LanguageCode, key: MessageKey, values?: MessageValues): string {
  return fillPlaceholders(DICTIONARIES[code][key], values)
}

/** The texts of a language whose keys start with a prefix, such as "form.", for a part of a page that ships them to the browser. */
export function messagesStartingWith<P extends string>(
  code: LanguageCode,
  prefix: P,
): Record<Extract<MessageKey, `${P}${string}`>, string> {
  const picked: Record<string, string> = {}
  for (const [key, text] of Object.entries(DICTIONARIES[code])) if (key.startsWith(prefix)) picked[key] = text
  return picked as Record<Extract<MessageKey, `${P}${string}`>, string>
}
