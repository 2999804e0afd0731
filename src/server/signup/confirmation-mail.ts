/**
 * The double opt-in mail, and how the outbox sends it: in the visitor's
 * language, never to an address suppressed since it was queued, a refusal
 * of its address counted as a bounce.
 */
import { fillPlaceholders } from "../../i18n/messages"
import { siteFacts } from "../../config/site-facts"
import { escapeMarkup } from "../../markup/escape-markup"
import { visitorMailSettled, visitorMailSuppressed } from "../bounces/suppressions"
import { brandedMailPage, withSupportLink } from "../mails/branded-mail-page"
import type { MailMessage } from "../mails/mail-message"
import { mailStyle } from "../mails/mail-palette"
import { shownName } from "../mails/shown-name"
import { visitorMailHeaders } from "../mails/visitor-mail-headers"
import { visitorMailTexts, type VisitorMailTexts } from "../mails/visitor-mail-texts"
import type { DeliveryKindHandler } from "../outbox/deliveries"
import type { Db } from "../db/db"
import type { MailSettings } from "../settings"
import { confirmationLinks, type ConfirmationLinks } from "../entries/mail-links"

/** What the outbox keeps of a confirmation mail: the little it is written from (its links' tokens live nowhere else until it is sent). */
export type ConfirmationDraft = {
  kind: "confirmation"
  messageId: string
  name: string
  lang: string
  confirmToken: string
  leaveToken: string
}

/** The greeting: with the name the visitor gave, or without it when it is not shown (see shownName). */
const greeting = (texts: VisitorMailTexts, name: string | null) =>
  name === null ? texts.greetingWithoutName : fillPlaceholders(texts.greeting, { name })

function html(
  texts: VisitorMailTexts,
  name: string | null,
  { confirmUrl, leaveUrl }: ConfirmationLinks,
  lang: string,
): string {
  const e = escapeMarkup
  return brandedMailPage({
    lang,
    title: texts.subject,
    content: `<h1 style="margin:0 0 16px;font-size:22px">${e(greeting(texts, name))}</h1>
<p style="margin:0 0 24px">${e(texts.intro)}</p>
<p style="margin:0 0 24px"><a href="${e(confirmUrl)}" ${mailStyle.button}>${e(texts.button)}</a></p>
<p style="margin:0 0 16px;font-size:14px">${e(texts.expiry)}</p>
<p style="margin:0 0 16px;font-size:14px">${withSupportLink(e(texts.questions))}</p>
<p style="margin:0;font-size:14px"><a href="${e(leaveUrl)}" ${mailStyle.link}>${e(texts.leave)}</a></p>`,
  })
}

/** The texts of the one reminder of an unconfirmed address: the confirmation mail's, but for its subject and the lines around its button. */
const reminderTexts = (texts: VisitorMailTexts): VisitorMailTexts => ({
  ...texts,
  subject: texts.reminderSubject,
  intro: texts.reminderIntro,
  expiry: texts.reminderExpiry,
})

/**
 * The double opt-in mail: plain text and HTML alike, greeting the visitor
 * by the name they gave unless it could carry a link or an offer to a
 * stranger (the address need not be theirs), with the button that
 * opens the confirmation page, the support address, and the headers every
 * mail to a visitor carries (see visitorMailHeaders).
 * As a `reminder` (see reminder-mail.ts) it says so, and that it is the only one.
 */
export function confirmationMail(
  { name, email, lang }: { name: string; email: string; lang: string },
  links: ConfirmationLinks,
  settings: MailSettings,
  messageId: string,
  { reminder = false }: { reminder?: boolean } = {},
): MailMessage {
  const texts = reminder ? reminderTexts(visitorMailTexts(lang)) : visitorMailTexts(lang)
  const shown = shownName(name)
  const text = [
    greeting(texts, shown),
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
    html: html(texts, shown, links, lang),
    headers: {
      ...visitorMailHeaders({ siteUrl: settings.siteUrl, lang, leaveUrl: links.leaveUrl }),
      "Auto-Submitted": "auto-generated",
    },
  }
}

/** The outbox's handling of confirmation mails. */
export function confirmationMailKind(db: Db, settings: MailSettings): DeliveryKindHandler {
  return {
    async load(trx, delivery) {
      const suppressed = await visitorMailSuppressed(db, trx, delivery)
      if (suppressed) return { giveUp: suppressed }
      return {
        write: () => {
          const draft = JSON.parse(delivery.payload) as ConfirmationDraft
          return {
            mail: confirmationMail(
              { name: draft.name, email: delivery.recipient, lang: draft.lang },
              confirmationLinks(settings.siteUrl, draft, draft.lang),
              settings,
              draft.messageId,
            ),
          }
        },
      }
    },
    settled: (trx, delivery, outcome, now) => visitorMailSettled(db, trx, delivery, outcome, now),
  }
}
