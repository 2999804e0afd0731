// The shape of the API's mail health, as the server computes it (types only: nothing of the server reaches the browser).
import type { MailHealth, ProviderHealth } from "../admin-api/mail-health"
import { PROVIDER_NAMES } from "../waitlist/mailbox-providers"
import { DataTable } from "./data-table"

const rate = (value: number | null) => (value === null ? "—" : `${(value * 100).toFixed(2)}%`)

const COLUMNS = ["Provider", "Delivered", "Hard bounces", "Hard bounce rate", "Complaints", "Complaint rate"]

const rows = (providers: ProviderHealth[]) =>
  providers.map((row) => [
    PROVIDER_NAMES[row.provider],
    row.delivered,
    row.hardBounces,
    rate(row.hardBounceRate),
    row.complaints,
    rate(row.complaintRate),
  ])

/** The mail to visitors by mailbox provider: the last days, then each of the latest announcements. */
export function MailHealthTable({ health }: { health: MailHealth }) {
  return (
    <section aria-labelledby="mail-health">
      <h3 id="mail-health" sx={{ variant: "text.heading", fontSize: 4 }}>
        By mailbox provider
      </h3>
      <p sx={{ variant: "text.small", maxWidth: "prose" }}>
        Gmail junks a sender&apos;s mail past 0.1% of complaints and may block it at 0.3%; the server mails the team at
        0.1% and pauses every announcement being sent at 0.3%, or when more than 2% of mails bounce for good.
      </p>
      <DataTable
        caption={`Mail to visitors by mailbox provider, last ${health.days} days`}
        columns={COLUMNS}
        rows={rows(health.lastDays)}
      />
      {health.announcements.map(({ slug, providers }) => (
        <DataTable
          key={slug}
          caption={`Mail of the announcement ${slug} by mailbox provider`}
          columns={COLUMNS}
          rows={rows(providers)}
        />
      ))}
    </section>
  )
}
