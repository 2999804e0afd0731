import { randomUUID } from "crypto"
import type { Delivery } from "../waitlist/deliveries"
import type { NewWaitlistEntry } from "../waitlist/waitlist-store"
import { confirmationMail, type ConfirmationLinks } from "./confirmation-mail"
import type { MailMessage } from "./mail-message"
import type { MailSettings } from "./mail-settings"
import { teamMail } from "./team-mail"

/** The Functions the links of a mail open (src/api). */
export const CONFIRM_ROUTE = "/api/waitlist-confirm"
export const LEAVE_ROUTE = "/api/waitlist-leave"

/**
 * What the outbox keeps of a mail: the little it is written from that the
 * store does not already hold, and its Message-ID, fixed when the sign-up
 * commits so every try sends the same mail. It is rendered when it is sent,
 * so a sign-up pays for no rendering and writes few bytes: the team's mail
 * takes the visitor's words from the stored message (Delivery's `message`),
 * the confirmation mail its address from the recipient and its links from
 * the tokens and SITE_URL.
 */
export type MailDraft =
  | { kind: "team"; messageId: string; email: string }
  | { kind: "confirmation"; messageId: string; name: string; lang: string; confirmToken: string; leaveToken: string }

/** A mail as versions before drafts queued it, rendered whole, its addresses as header text. */
type RenderedBeforeDrafts = Omit<MailMessage, "from" | "to" | "replyTo"> & { kind?: undefined; from: string; to: string; replyTo?: { name: string; address: string } }

/**
 * What earlier versions queued, still sent as it was: drafts carrying their
 * mail's words and links whole, and, before drafts, the rendered mail
 * itself (which has no `kind`).
 */
type EarlierDraft =
  | { kind: "team"; messageId: string; entry: NewWaitlistEntry }
  | { kind: "confirmation"; messageId: string; name: string; email: string; lang: string; links: ConfirmationLinks }
  | RenderedBeforeDrafts

/**
 * A mail queued before drafts, with its addresses as the worker gives them
 * now: from the site's sender, to the team's address (a team mail) or to
 * the stored one (checked again when it is sent: see mail-transport), and
 * replies to the visitor's address without the name they typed.
 */
const renderedBeforeDrafts = (mail: RenderedBeforeDrafts, delivery: Pick<Delivery, "kind">, settings: MailSettings): MailMessage => ({
  messageId: mail.messageId,
  from: settings.from,
  to: delivery.kind === "notify" ? settings.notifyTo : { name: "", address: mail.to.trim() },
  ...(mail.replyTo ? { replyTo: { name: "", address: mail.replyTo.address } } : {}),
  subject: mail.subject,
  text: mail.text,
  ...(mail.html === undefined ? {} : { html: mail.html }),
  headers: mail.headers,
})

const domains = new Map<string, string>()

/** A new Message-ID under the site's own domain. */
export function newMessageId(siteUrl: string): string {
  let domain = domains.get(siteUrl)
  if (domain === undefined) {
    domain = new URL(siteUrl).hostname
    domains.set(siteUrl, domain)
  }
  return `<${randomUUID()}@${domain}>`
}

/** The two links of a confirmation mail, in the language the visitor signed up in. */
export const confirmationLinks = (siteUrl: string, { confirmToken, leaveToken }: { confirmToken: string; leaveToken: string }, lang: string): ConfirmationLinks => ({
  confirmUrl: `${siteUrl}${CONFIRM_ROUTE}?token=${confirmToken}&lang=${lang}`,
  leaveUrl: `${siteUrl}${LEAVE_ROUTE}?token=${leaveToken}&lang=${lang}`,
})

/**
 * The mail a delivery's draft stands for, as nodemailer sends it.
 * @throws Error when the draft cannot be rendered (a team mail whose message is gone): no try could ever send it.
 */
export function renderDraft(draft: MailDraft | EarlierDraft, delivery: Pick<Delivery, "kind" | "recipient" | "message">, settings: MailSettings): MailMessage {
  if (draft.kind === undefined) return renderedBeforeDrafts(draft, delivery, settings)
  if (draft.kind === "team") {
    if ("entry" in draft) return teamMail(draft.entry, settings, draft.messageId)
    if (!delivery.message) throw new Error("the message this mail tells of is no longer stored")
    return teamMail({ ...delivery.message, email: draft.email }, settings, draft.messageId)
  }
  if ("links" in draft) return confirmationMail(draft, draft.links, settings, draft.messageId)
  const visitor = { name: draft.name, email: delivery.recipient, lang: draft.lang }
  return confirmationMail(visitor, confirmationLinks(settings.siteUrl, draft, draft.lang), settings, draft.messageId)
}
