import { PROVIDER_NAMES } from "../../waitlist/mailbox-providers"
import type { MailHealth, ProviderHealth } from "../../admin-api/mail-health"
import { table } from "./stats-table"

/** A rate as a percentage to two decimals, or a dash without mail to divide by. */
export const shownRate = (rate: number | null): string => (rate === null ? "—" : `${(rate * 100).toFixed(2)}%`)

const providerRows = (providers: ProviderHealth[]) =>
  providers.map((row) => [
    PROVIDER_NAMES[row.provider],
    row.delivered,
    row.hardBounces,
    shownRate(row.hardBounceRate),
    row.complaints,
    shownRate(row.complaintRate),
  ])

const HEAD = ["provider", "delivered", "hard bounces", "rate", "complaints", "rate"]

/** The mail's health by mailbox provider as `stats` prints it: the last days, then each of the latest announcements. */
export function healthTable(health: MailHealth): string {
  const blocks = [
    `Mail to visitors by mailbox provider, last ${health.days} days (Gmail's limits: complaints under 0.1%, never 0.3%; hard bounces at most 2%):`,
    table(HEAD, providerRows(health.lastDays)),
    ...health.announcements.flatMap(({ slug, providers }) => [
      `Announcement ${slug}:`,
      table(HEAD, providerRows(providers)),
    ]),
  ]
  return `\n${blocks.join("\n\n")}\n`
}
