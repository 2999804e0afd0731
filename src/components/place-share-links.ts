import type { LanguageCode } from "../i18n/languages"
import { fillPlaceholders } from "../i18n/messages"
import type { PlaceTexts } from "../i18n/place-texts"

/** A share link: its name and where it leads. */
export type ShareLink = { label: string; href: string }

/**
 * The plain share links of a personal link, each a new tab of the service
 * with the message written: mail, WhatsApp, X, and LINE on the Japanese
 * page, where it is what friends use. Nothing of those services loads on
 * the page.
 */
export function shareLinks(lang: LanguageCode, texts: PlaceTexts["texts"], link: string): ShareLink[] {
  const text = encodeURIComponent(fillPlaceholders(texts["place.shareText"], { link }))
  const links = [
    {
      label: texts["place.shareMail"],
      href: `mailto:?subject=${encodeURIComponent(texts["place.mailSubject"])}&body=${text}`,
    },
    { label: "WhatsApp", href: `https://wa.me/?text=${text}` },
    { label: "X", href: `https://x.com/intent/post?text=${text}` },
  ]
  return lang === "ja" ? [...links, { label: "LINE", href: `https://line.me/R/share?text=${text}` }] : links
}
