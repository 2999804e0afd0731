/** The mailbox providers whose rules a bulk sender must keep, which the mail's health is told by (the server and the admin's dashboard alike). */
export const MAILBOX_PROVIDERS = ["gmail", "outlook", "yahoo", "icloud", "other"] as const
export type MailboxProvider = (typeof MAILBOX_PROVIDERS)[number]

/** How the tables name each provider. */
export const PROVIDER_NAMES: Record<MailboxProvider, string> = {
  gmail: "Gmail",
  outlook: "Outlook.com",
  yahoo: "Yahoo",
  icloud: "iCloud",
  other: "Others",
}
