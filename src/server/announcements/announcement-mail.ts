import { fillPlaceholders } from "../../i18n/messages"
import { siteFacts } from "../../config/site-facts"
import { escapeMarkup } from "../../markup/escape-markup"
import { visitorMailSettled, visitorMailSuppressed } from "../bounces/suppressions"
import type { Db } from "../db/db"
import { brandedMailPage, withSupportLink } from "../mails/branded-mail-page"
import { oneLine, type MailMessage } from "../mails/mail-message"
import { shownName } from "../mails/shown-name"
import { mailStyle } from "../mails/mail-palette"
import { postalLine } from "../mails/postal-line"
import { visitorMailHeaders } from "../mails/visitor-mail-headers"
import { visitorMailTexts } from "../mails/visitor-mail-texts"
import type { DeliveryKindHandler } from "../outbox/deliveries"
import type { MailSettings } from "../settings"
import { placeLink } from "../referrals/place-link"
import { personalCodeOf } from "../referrals/referral-queries"
import { leaveLink } from "../entries/mail-links"
import { NAME_SLOT } from "./announcement-markdown"
import { withoutName } from "./without-name"
import { recordTry, versionOfMail } from "./announcement-queries"
import { renderedAnnouncement, type RenderedAnnouncement } from "./render-announcement"

/** What the outbox keeps of one reader's mail of an announcement (its text is the announcement's, read when it is sent). */
export type AnnouncementDraft = { kind: "announcement"; messageId: string; name: string; leaveToken: string }

/** Who one mail of an announcement goes to, the link that takes them off the waitlist, and the signed link of their place page (none in a test). */
export type AnnouncementReader = { name: string; email: string; leaveUrl: string; placeUrl?: string | null }

/** What marks a test mail: its subject's prefix and the line above its text. */
export const testMark = (slug: string, lang: string) => `[Test of ${slug}, ${lang}]`

/** A text of the announcement with the reader's name (as `shown`, escaped for HTML) in its slots, or, when it is not shown, without them (see withoutName). */
const filled = (text: string, name: string | null, shown = (value: string) => value) =>
  name === null ? withoutName(text) : text.split(NAME_SLOT).join(shown(name))

function html(
  rendered: RenderedAnnouncement,
  name: string | null,
  { leaveUrl, placeUrl }: AnnouncementReader,
  test: string | null,
): string {
  const e = escapeMarkup
  const texts = visitorMailTexts(rendered.lang)
  return brandedMailPage({
    lang: rendered.lang,
    title: filled(rendered.subject, name),
    preheader: filled(rendered.preheader, name),
    note: test ?? undefined,
    content: `${filled(rendered.html, name, e)}
<hr ${mailStyle.rule}>
${placeUrl ? `<p style="margin:0 0 8px;font-size:14px"><a href="${e(placeUrl)}" ${mailStyle.link}>${e(texts.place)}</a></p>\n` : ""}<p ${mailStyle.muted("margin:0 0 8px;font-size:14px")}>${e(texts.announcementReason)}</p>
<p ${mailStyle.muted("margin:0 0 8px;font-size:14px")}>${withSupportLink(e(texts.questions))}</p>
<p style="margin:0 0 16px;font-size:14px"><a href="${e(leaveUrl)}" ${mailStyle.link}>${e(texts.leave)}</a></p>
<p ${mailStyle.muted("margin:0;font-size:12px")}>${e(postalLine())}</p>`,
  })
}

/**
 * One reader's mail of an announcement: plain text and HTML alike, with
 * the support address and a visible leave link, the headers every mail to a
 * visitor carries (see visitorMailHeaders), and a Feedback-ID naming the
 * announcement for the providers' feedback loops. A test (`test` names it) says so in its subject and
 * above its text.
 */
export function announcementMail(
  rendered: RenderedAnnouncement,
  reader: AnnouncementReader,
  settings: MailSettings,
  messageId: string,
  test: string | null = null,
): MailMessage {
  const texts = visitorMailTexts(rendered.lang)
  const name = shownName(reader.name)
  const fill = (text: string) => filled(text, name)
  const text = [
    ...(test ? [test, ""] : []),
    fill(rendered.text),
    "",
    "—",
    ...(reader.placeUrl ? [`${texts.place}: ${reader.placeUrl}`] : []),
    texts.announcementReason,
    fillPlaceholders(texts.questions, { supportEmail: siteFacts.supportEmail }),
    `${texts.leave}: ${reader.leaveUrl}`,
    "",
    postalLine(),
  ].join("\n")
  return {
    messageId,
    from: settings.from,
    to: { name: "", address: reader.email },
    subject: oneLine(`${test ? `${test} ` : ""}${fill(rendered.subject)}`, 250),
    text,
    html: html(rendered, name, reader, test),
    headers: {
      ...visitorMailHeaders({ siteUrl: settings.siteUrl, lang: rendered.lang, leaveUrl: reader.leaveUrl }),
      "Feedback-ID": `${rendered.slug}:announcement:${siteFacts.appName.toLowerCase().replace(/[^a-z\d]+/g, "-")}`,
    },
  }
}

/**
 * The outbox's handling of announcements' mails: never to an address
 * suppressed since it was queued, written in the language it was queued
 * in from the text the announcement was sent with, and each try's end
 * recorded (a send pauses itself when too many fail: see recordTry).
 */
export function announcementMailKind(db: Db, settings: MailSettings): DeliveryKindHandler {
  return {
    async load(trx, delivery) {
      const suppressed = await visitorMailSuppressed(db, trx, delivery)
      if (suppressed) return { giveUp: suppressed }
      const version = await versionOfMail(trx, delivery.id)
      const code = await personalCodeOf(trx, delivery.entryId)
      return {
        write: () => {
          if (!version) throw new Error("the announcement this mail belongs to is no longer stored")
          const draft = JSON.parse(delivery.payload) as AnnouncementDraft
          const rendered = renderedAnnouncement(version, settings.siteUrl)
          const placeUrl = code ? placeLink(db, code, rendered.lang, settings.siteUrl) : null
          return {
            mail: announcementMail(
              rendered,
              {
                name: draft.name,
                email: delivery.recipient,
                leaveUrl: leaveLink(settings.siteUrl, draft.leaveToken, rendered.lang),
                placeUrl,
              },
              settings,
              draft.messageId,
            ),
          }
        },
      }
    },
    async settled(trx, delivery, outcome, now) {
      await recordTry(trx, delivery.id, outcome.tryFailed, outcome.status === "retry" ? null : outcome.status, now)
      await visitorMailSettled(db, trx, delivery, outcome, now)
    },
  }
}
