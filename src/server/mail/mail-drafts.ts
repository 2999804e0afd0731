import { randomUUID } from "crypto"
import type { NewWaitlistEntry } from "../waitlist/waitlist-store"
import { confirmationMail, type ConfirmationLinks } from "./confirmation-mail"
import type { MailMessage } from "./mail-message"
import type { MailSettings } from "./mail-settings"
import { teamMail } from "./team-mail"

/**
 * What the outbox keeps of a mail: the little it is written from, and its
 * Message-ID, fixed when the sign-up commits so every try sends the same
 * mail. It is rendered when it is sent, so a sign-up pays for no rendering.
 */
export type MailDraft =
  | { kind: "team"; messageId: string; entry: NewWaitlistEntry }
  | { kind: "confirmation"; messageId: string; name: string; email: string; lang: string; links: ConfirmationLinks }

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

/** The mail a draft stands for, as nodemailer sends it. */
export function renderDraft(draft: MailDraft, settings: MailSettings): MailMessage {
  if (draft.kind === "team") return teamMail(draft.entry, settings, draft.messageId)
  return confirmationMail(draft, draft.links, settings, draft.messageId)
}
