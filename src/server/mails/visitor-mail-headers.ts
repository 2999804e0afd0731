import { siteFacts } from "../../config/site-facts"
import { languageOf } from "../../i18n/languages"

/** The List-Id of the waitlist's mail (RFC 2919), under the site's own domain. */
export const listId = (siteUrl: string): string =>
  `${siteFacts.appName} waitlist <waitlist.${new URL(siteUrl).hostname}>`

/**
 * The headers every mail to a visitor carries, whatever its kind: the
 * one-click leave of RFC 2369 and RFC 8058 (the link in the mail's own
 * language), the list it belongs to (RFC 2919: a mail that offers to
 * unsubscribe from a list names the list), and the language it is written
 * in (RFC 3282). The DKIM signature covers each of them (see
 * DKIM_SIGNED_HEADERS).
 */
export const visitorMailHeaders = ({
  siteUrl,
  lang,
  leaveUrl,
}: {
  siteUrl: string
  lang: string
  leaveUrl: string
}): Record<string, string> => ({
  "List-Unsubscribe": `<${leaveUrl}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  "List-Id": listId(siteUrl),
  "Content-Language": languageOf(lang).htmlLang,
})
