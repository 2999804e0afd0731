import type { MailboxProvider } from "../../waitlist/mailbox-providers"

/**
 * The consumer domains of each provider. Outlook.com and Yahoo run many
 * national ones (hotmail.co.uk, yahoo.co.jp): a domain whose first label
 * is `hotmail`, `outlook`, `live`, `windowslive`, `yahoo` or `aol` counts as
 * theirs, under any country's suffix. Mail to a company's own domain hosted
 * at one of them is "other": its domain does not say so.
 */
const EXACT: Record<string, MailboxProvider> = {
  "gmail.com": "gmail",
  "googlemail.com": "gmail",
  "msn.com": "outlook",
  "passport.com": "outlook",
  "ymail.com": "yahoo",
  "rocketmail.com": "yahoo",
  "aim.com": "yahoo",
  "icloud.com": "icloud",
  "me.com": "icloud",
  "mac.com": "icloud",
}
const FIRST_LABEL: Record<string, MailboxProvider> = {
  hotmail: "outlook",
  outlook: "outlook",
  live: "outlook",
  windowslive: "outlook",
  yahoo: "yahoo",
  aol: "yahoo",
}

/** The provider of an address's mailbox, by its domain. */
export function mailboxProviderOf(address: string): MailboxProvider {
  const domain = address.slice(address.lastIndexOf("@") + 1).toLowerCase()
  const exact = EXACT[domain]
  if (exact) return exact
  const dot = domain.indexOf(".")
  return (dot > 0 && FIRST_LABEL[domain.slice(0, dot)]) || "other"
}
