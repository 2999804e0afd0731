import { languageOf, type LanguageCode } from "./languages"
import { translate, type MessageKey, type MessageValues } from "./messages"

/** The context every page gets from gatsby-node: its language's code. */
export type PageContext = { lang?: string }

/**
 * The texts of a page's language for its Head export, which the page's
 * LanguageProvider does not wrap (Gatsby renders the head apart).
 */
export function headTexts(pageContext: PageContext): {
  lang: LanguageCode
  t: (key: MessageKey, values?: MessageValues) => string
} {
  const lang = languageOf(pageContext.lang).code
  return { lang, t: (key, values) => translate(lang, key, values) }
}
