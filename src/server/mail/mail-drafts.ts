import { randomUUID } from "crypto"
import { announcementMail } from "../announcements/announcement-mail"
import { renderedAnnouncement } from "../announcements/render-announcement"
import { DELIVERY_HEADER, verpAddress } from "../bounces/delivery-tags"
import type { Delivery } from "../waitlist/deliveries"
import { confirmationMail, type ConfirmationLinks } from "./confirmation-mail"
import type { MailMessage } from "./mail-message"
import type { MailSettings } from "../settings"
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
  | { kind: "announcement"; messageId: string; name: string; leaveToken: string }

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

/** A leave link, in a language: what every mail to a visitor carries, visibly and as List-Unsubscribe. */
export const leaveLink = (siteUrl: string, leaveToken: string, lang: string) => `${siteUrl}${LEAVE_ROUTE}?token=${leaveToken}&lang=${lang}`

/** The two links of a confirmation mail, in the language the visitor signed up in. */
export const confirmationLinks = (siteUrl: string, { confirmToken, leaveToken }: { confirmToken: string; leaveToken: string }, lang: string): ConfirmationLinks => ({
  confirmUrl: `${siteUrl}${CONFIRM_ROUTE}?token=${confirmToken}&lang=${lang}`,
  leaveUrl: leaveLink(siteUrl, leaveToken, lang),
})

/**
 * The mail a delivery's draft stands for, as nodemailer sends it.
 * @throws Error when the draft cannot be rendered (a team mail whose message is gone): no try could ever send it.
 */
export function renderDraft(draft: MailDraft, delivery: Pick<Delivery, "recipient" | "messages" | "announcement" | "tag">, settings: MailSettings): MailMessage {
  const mail = draftMail(draft, delivery, settings)
  if (!delivery.tag) return mail
  // Bounces and complaints name the delivery by its tag (see delivery-tags.ts).
  return { ...mail, headers: { ...mail.headers, [DELIVERY_HEADER]: delivery.tag }, envelopeFrom: settings.bounceAddress ? verpAddress(settings.bounceAddress, delivery.tag) : undefined }
}

function draftMail(draft: MailDraft, delivery: Pick<Delivery, "recipient" | "messages" | "announcement">, settings: MailSettings): MailMessage {
  if (draft.kind === "announcement") {
    if (!delivery.announcement) throw new Error("the announcement this mail belongs to is no longer stored")
    const rendered = renderedAnnouncement(delivery.announcement, settings.siteUrl)
    return announcementMail(rendered, { name: draft.name, email: delivery.recipient, leaveUrl: leaveLink(settings.siteUrl, draft.leaveToken, rendered.lang) }, settings, draft.messageId)
  }
  if (draft.kind === "team") {
    if (delivery.messages.length === 0) throw new Error("the message this mail tells of is no longer stored")
    return teamMail(draft.email, delivery.messages, settings, draft.messageId)
  }
  const visitor = { name: draft.name, email: delivery.recipient, lang: draft.lang }
  return confirmationMail(visitor, confirmationLinks(settings.siteUrl, draft, draft.lang), settings, draft.messageId)
}
