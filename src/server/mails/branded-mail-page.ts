import { languageOf } from "../../i18n/languages"
import { siteFacts } from "../../config/site-facts"
import { escapeMarkup } from "../../markup/escape-markup"
import { DARK_STYLES, MAIL_CLASS, MAIL_COLORS, mailStyle } from "./mail-palette"
import { setApartAfter, setApartBefore } from "./set-apart"

/** What a mail to a visitor's HTML holds: its language, title, the line mail clients show after the subject, a note above the card, and the card's markup (escaped by the caller). */
export type BrandedMail = { lang: string; title: string; preheader?: string; note?: string; content: string }

/**
 * The HTML page of every mail to a visitor, in the brand's look: a card
 * with the app's name on the page's background, every style inline (mail
 * clients drop style sheets) in the light colors, and the dark ones in a
 * style sheet for the clients that follow the reader's dark mode (see
 * DARK_STYLES). Title, preheader and note are text, escaped here; the
 * content is markup, whose parts take the classes of MAIL_CLASS.
 */
export function brandedMailPage({ lang, title, preheader, note, content }: BrandedMail): string {
  const e = escapeMarkup
  const light = MAIL_COLORS.light
  return `<!doctype html>
<html lang="${e(languageOf(lang).htmlLang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><title>${e(title)}</title>
<style>${DARK_STYLES}</style></head>
<body class="${MAIL_CLASS.page}" style="margin:0;padding:24px;background:${light.page};font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:16px;line-height:1.5;color:${light.text}">
${preheader ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0">${e(preheader)}</div>\n` : ""}${note ? `<p class="${MAIL_CLASS.note}" style="max-width:560px;margin:0 auto 12px;padding:8px 12px;border-radius:8px;background:${light.note};color:${light.text};font-size:14px">${e(note)}</p>\n` : ""}<main class="${MAIL_CLASS.card}" style="max-width:560px;margin:0 auto;background:${light.card};color:${light.text};border-radius:12px;padding:32px">
<p class="${MAIL_CLASS.link}" style="margin:0 0 24px;font-size:20px;font-weight:700;color:${light.link}">${e(siteFacts.appName)}</p>
${content}
</main>
</body>
</html>`
}

/** The support address as a link, in a text that names it `{supportEmail}`, set apart from the words around it (see setApartBefore). */
export const withSupportLink = (escapedText: string): string => {
  const e = escapeMarkup
  const at = escapedText.indexOf(e("{supportEmail}"))
  if (at < 0) return escapedText
  const link = `<a href="mailto:${e(siteFacts.supportEmail)}" ${mailStyle.link}>${e(siteFacts.supportEmail)}</a>`
  return `${setApartBefore(escapedText.slice(0, at))}${link}${setApartAfter(escapedText.slice(at + e("{supportEmail}").length))}`
}
