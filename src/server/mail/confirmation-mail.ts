import { fillPlaceholders } from "../../i18n/messages"
import { brandColors } from "../../brand/brand-colors"
import { siteFacts } from "../../config/site-facts"
import { escapeMarkup } from "../../markup/escape-markup"
import type { MailSettings } from "../settings"
import { brandedMailPage, withSupportLink } from "./branded-mail-page"
import { oneLine, type MailMessage } from "./mail-message"
import { visitorMailTexts, type VisitorMailTexts } from "./visitor-mail-texts"

/** The two links of a confirmation mail. */
export type ConfirmationLinks = { confirmUrl: string; leaveUrl: string }

function html(texts: VisitorMailTexts, name: string, { confirmUrl, leaveUrl }: ConfirmationLinks, lang: string): string {
  const e = escapeMarkup
  return brandedMailPage({
    lang,
    title: texts.subject,
    content: `<h1 style="margin:0 0 16px;font-size:22px">${e(fillPlaceholders(texts.greeting, { name }))}</h1>
<p style="margin:0 0 24px">${e(texts.intro)}</p>
<p style="margin:0 0 24px"><a href="${e(confirmUrl)}" style="display:inline-block;padding:14px 24px;border-radius:8px;background:${brandColors.brand};color:${brandColors.onBrand};font-weight:700;text-decoration:none">${e(texts.button)}</a></p>
<p style="margin:0 0 16px;font-size:14px">${e(texts.expiry)}</p>
<p style="margin:0 0 16px;font-size:14px">${withSupportLink(e(texts.questions))}</p>
<p style="margin:0;font-size:14px"><a href="${e(leaveUrl)}" style="color:#1b1b1f">${e(texts.leave)}</a></p>`,
  })
}

/**
 * The double opt-in mail: plain text and HTML alike, with the button that
 * opens the confirmation page, the support address, and the headers of
 * RFC 2369 and RFC 8058 that let a mail client unsubscribe in one click.
 */
export function confirmationMail(
  { name, email, lang }: { name: string; email: string; lang: string },
  links: ConfirmationLinks,
  settings: MailSettings,
  messageId: string,
): MailMessage {
  const texts = visitorMailTexts(lang)
  const shownName = oneLine(name, 80)
  const text = [
    fillPlaceholders(texts.greeting, { name: shownName }),
    "",
    texts.intro,
    "",
    `${texts.button}: ${links.confirmUrl}`,
    "",
    texts.expiry,
    "",
    fillPlaceholders(texts.questions, { supportEmail: siteFacts.supportEmail }),
    "",
    `${texts.leave}: ${links.leaveUrl}`,
  ].join("\n")
  return {
    messageId,
    from: settings.from,
    to: { name: "", address: email },
    subject: texts.subject,
    text,
    html: html(texts, shownName, links, lang),
    headers: {
      "List-Unsubscribe": `<${links.leaveUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "Auto-Submitted": "auto-generated",
    },
  }
}
