import { emailKey } from "./email-identity"

/** Gmail's two domains: one mailbox under either, whatever dots its name holds. */
const GMAIL = new Set(["gmail.com", "googlemail.com"])

/**
 * The mailbox an address reaches, for telling a person's own address in
 * another spelling: its key (see emailKey: case and look-alikes folded),
 * without a `+tag` (which most providers deliver to the mailbox without
 * it), and for Gmail without dots and as `gmail.com`. Two entries may
 * share it (they stay two entries: this decides credit only).
 */
export function mailboxKey(email: string): string {
  const key = emailKey(email)
  const at = key.lastIndexOf("@")
  if (at < 0) return key
  const domain = key.slice(at + 1)
  const plus = key.indexOf("+")
  let mailbox = plus >= 0 && plus < at ? key.slice(0, plus) : key.slice(0, at)
  if (!GMAIL.has(domain)) return `${mailbox}@${domain}`
  mailbox = mailbox.replaceAll(".", "")
  return `${mailbox}@gmail.com`
}
