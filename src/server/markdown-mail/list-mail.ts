/**
 * A list mail to one reader (an announcement, a step of the sequences):
 * the rendered Markdown with the reader's tokens filled, in the brand's
 * page, ending with their place page, why they get it, the support address
 * and a visible leave link, with the headers that let a mail client
 * unsubscribe in one click.
 */
import { fillPlaceholders } from "../../i18n/messages"
import { siteFacts } from "../../config/site-facts"
import { escapeMarkup } from "../../markup/escape-markup"
import { brandedMailPage, withSupportLink } from "../mails/branded-mail-page"
import { oneLine, type MailMessage } from "../mails/mail-message"
import { visitorMailTexts } from "../mails/visitor-mail-texts"
import type { MailSettings } from "../settings"
import { fillPersonSlots, NAME_SLOT, type PersonValues } from "./mail-tokens"
import type { RenderedMail } from "./render-mail"

/** Which list a mail belongs to, as its Feedback-ID names it for the providers' feedback loops. */
export type ListMailCampaign = "announcement" | "sequence"

/**
 * Who one list mail goes to: their name and address, the link that takes
 * them off the waitlist, the signed link of their place page (none in a
 * test), and the values of the other tokens a step of the sequences takes.
 */
export type ListMailReader = {
  name: string
  email: string
  leaveUrl: string
  placeUrl?: string | null
  values?: Omit<PersonValues, "name">
}

/** The List-Id of the waitlist's mail (RFC 2919), under the site's own domain. */
export const listId = (siteUrl: string) => `${siteFacts.appName} waitlist <waitlist.${new URL(siteUrl).hostname}>`

/** What marks a test mail: its subject's prefix and the line above its text. */
export const testMark = (slug: string, lang: string) => `[Test of ${slug}, ${lang}]`

/** A rendered text with the reader's tokens filled, each value as `shown` makes it. */
const filled = (text: string, reader: ListMailReader, name: string, shown = (value: string) => value) =>
  fillPersonSlots(text.split(NAME_SLOT).join(shown(name)), reader.values ?? {}, shown)

function html(rendered: RenderedMail, name: string, reader: ListMailReader, test: string | null): string {
  const e = escapeMarkup
  const texts = visitorMailTexts(rendered.lang)
  const { leaveUrl, placeUrl } = reader
  return brandedMailPage({
    lang: rendered.lang,
    title: filled(rendered.subject, reader, name),
    preheader: filled(rendered.preheader, reader, name),
    note: test ?? undefined,
    content: `${filled(rendered.html, reader, name, e)}
<hr style="border:none;border-top:1px solid #d9d9de;margin:24px 0">
${placeUrl ? `<p style="margin:0 0 8px;font-size:14px"><a href="${e(placeUrl)}" style="color:#1b1b1f">${e(texts.place)}</a></p>\n` : ""}<p style="margin:0 0 8px;font-size:14px">${e(texts.announcementReason)}</p>
<p style="margin:0 0 8px;font-size:14px">${withSupportLink(e(texts.questions))}</p>
<p style="margin:0;font-size:14px"><a href="${e(leaveUrl)}" style="color:#1b1b1f">${e(texts.leave)}</a></p>`,
  })
}

/**
 * One reader's list mail: plain text and HTML alike, with the support
 * address and a visible leave link, the headers of RFC 2369 and RFC 8058
 * that let a mail client unsubscribe in one click, the List-Id of RFC 2919,
 * and a Feedback-ID naming the mail and its campaign. A test (`test` names
 * it) says so in its subject and above its text.
 */
export function listMail(
  rendered: RenderedMail,
  reader: ListMailReader,
  settings: MailSettings,
  messageId: string,
  { campaign, test = null }: { campaign: ListMailCampaign; test?: string | null },
): MailMessage {
  const texts = visitorMailTexts(rendered.lang)
  const name = oneLine(reader.name, 80)
  const text = [
    ...(test ? [test, ""] : []),
    filled(rendered.text, reader, name),
    "",
    "—",
    ...(reader.placeUrl ? [`${texts.place}: ${reader.placeUrl}`] : []),
    texts.announcementReason,
    fillPlaceholders(texts.questions, { supportEmail: siteFacts.supportEmail }),
    `${texts.leave}: ${reader.leaveUrl}`,
  ].join("\n")
  return {
    messageId,
    from: settings.from,
    to: { name: "", address: reader.email },
    subject: oneLine(`${test ? `${test} ` : ""}${filled(rendered.subject, reader, name)}`, 250),
    text,
    html: html(rendered, name, reader, test),
    headers: {
      "List-Unsubscribe": `<${reader.leaveUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "List-Id": listId(settings.siteUrl),
      "Feedback-ID": `${rendered.slug}:${campaign}:${siteFacts.appName.toLowerCase().replace(/[^a-z\d]+/g, "-")}`,
    },
  }
}
