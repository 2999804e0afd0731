/**
 * A list mail to one reader (an announcement, a step of the sequences):
 * the rendered Markdown with the reader's tokens filled, in the brand's
 * page, ending with their place page, why they get it, the support
 * address, a visible leave link and the company's postal address, with the
 * headers every mail to a visitor carries.
 */
import { fillPlaceholders } from "../../i18n/messages"
import { siteFacts } from "../../config/site-facts"
import { escapeMarkup } from "../../markup/escape-markup"
import { brandedMailPage, withSupportLink } from "../mails/branded-mail-page"
import { oneLine, type MailMessage } from "../mails/mail-message"
import { mailStyle } from "../mails/mail-palette"
import { postalLine } from "../mails/postal-line"
import { shownName } from "../mails/shown-name"
import { visitorMailHeaders } from "../mails/visitor-mail-headers"
import { visitorMailTexts } from "../mails/visitor-mail-texts"
import type { MailSettings } from "../settings"
import { fillPersonSlots, NAME_SLOT, type PersonValues } from "./mail-tokens"
import type { RenderedMail } from "./render-mail"
import { withoutName } from "./without-name"

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

/** What marks a test mail: its subject's prefix and the line above its text. */
export const testMark = (slug: string, lang: string) => `[Test of ${slug}, ${lang}]`

/**
 * A rendered text with the reader's tokens filled, each value as `shown`
 * makes it (escaped, for HTML); a name that is not shown (null) leaves its
 * slots out with the words around them (see withoutName).
 */
const filled = (text: string, reader: ListMailReader, name: string | null, shown = (value: string) => value) =>
  fillPersonSlots(
    name === null ? withoutName(text) : text.split(NAME_SLOT).join(shown(name)),
    reader.values ?? {},
    shown,
  )

function html(rendered: RenderedMail, name: string | null, reader: ListMailReader, test: string | null): string {
  const e = escapeMarkup
  const texts = visitorMailTexts(rendered.lang)
  const { leaveUrl, placeUrl } = reader
  return brandedMailPage({
    lang: rendered.lang,
    title: filled(rendered.subject, reader, name),
    preheader: filled(rendered.preheader, reader, name),
    note: test ?? undefined,
    content: `${filled(rendered.html, reader, name, e)}
<hr ${mailStyle.rule}>
${placeUrl ? `<p style="margin:0 0 8px;font-size:14px"><a href="${e(placeUrl)}" ${mailStyle.link}>${e(texts.place)}</a></p>\n` : ""}<p ${mailStyle.muted("margin:0 0 8px;font-size:14px")}>${e(texts.announcementReason)}</p>
<p ${mailStyle.muted("margin:0 0 8px;font-size:14px")}>${withSupportLink(e(texts.questions))}</p>
<p style="margin:0 0 16px;font-size:14px"><a href="${e(leaveUrl)}" ${mailStyle.link}>${e(texts.leave)}</a></p>
<p ${mailStyle.muted("margin:0;font-size:12px")}>${e(postalLine())}</p>`,
  })
}

/**
 * One reader's list mail: plain text and HTML alike, with the support
 * address, a visible leave link and the postal address, the headers every
 * mail to a visitor carries (see visitorMailHeaders), and a Feedback-ID
 * naming the mail and its campaign for the providers' feedback loops. The
 * reader's name only where it cannot carry a link (see shownName). A test
 * (`test` names it) says so in its subject and above its text.
 */
export function listMail(
  rendered: RenderedMail,
  reader: ListMailReader,
  settings: MailSettings,
  messageId: string,
  { campaign, test = null }: { campaign: ListMailCampaign; test?: string | null },
): MailMessage {
  const texts = visitorMailTexts(rendered.lang)
  const name = shownName(reader.name)
  const text = [
    ...(test ? [test, ""] : []),
    filled(rendered.text, reader, name),
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
    subject: oneLine(`${test ? `${test} ` : ""}${filled(rendered.subject, reader, name)}`, 250),
    text,
    html: html(rendered, name, reader, test),
    headers: {
      ...visitorMailHeaders({ siteUrl: settings.siteUrl, lang: rendered.lang, leaveUrl: reader.leaveUrl }),
      "Feedback-ID": `${rendered.slug}:${campaign}:${siteFacts.appName.toLowerCase().replace(/[^a-z\d]+/g, "-")}`,
    },
  }
}
