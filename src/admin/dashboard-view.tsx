import { useMemo, useState } from "react"
import type { MailHealth } from "../admin-api/mail-health"
import type { VisitStats } from "../admin-api/visit-stats"
import { AdminNotice } from "./admin-notice"
import { shownTime } from "./api-client"
import { DailyChart } from "./daily-chart"
import { DataTable } from "./data-table"
import { Figure } from "./figure"
import { languageName } from "./language-name"
import { MailHealthTable } from "./mail-health-table"
import { useAdminData } from "./use-admin-data"
import { VisitsView } from "./visits-view"
import { counted } from "../words/counted"

/** GET /api/admin/dashboard as JSON. Later features add sections (`announcements`). */
type Dashboard = {
  periodDays: number
  days: { day: string; signUps: number; confirmations: number }[]
  languages: { lang: string | null; entries: number }[]
  sources: {
    referrerHost: string | null
    utmSource: string | null
    utmMedium: string | null
    utmCampaign: string | null
    entries: number
  }[]
  confirmed: { all: { entries: number; confirmed: number }; period: { entries: number; confirmed: number } }
  outbox: { pending: number; failed: number; sentLastDay: number; oldestPendingSince: string | null }
  /** The visits of the period and their funnel, as `npm run waitlist -- stats --json` prints them. */
  visits: VisitStats
  /** The mail to visitors by mailbox provider, as `stats --json` prints it under `mailHealth`. */
  mailHealth: MailHealth
}

const PERIODS = [7, 30, 90, 365]

const percent = ({ entries, confirmed }: { entries: number; confirmed: number }) =>
  entries === 0 ? "—" : `${Math.round((confirmed / entries) * 100)}%`

/** A source as a line: where the referrer was and the campaign's tags. */
const sourceName = ({ referrerHost, utmSource, utmMedium, utmCampaign }: Dashboard["sources"][number]) =>
  [
    referrerHost ?? "No referrer",
    utmSource && `source ${utmSource}`,
    utmMedium && `medium ${utmMedium}`,
    utmCampaign && `campaign ${utmCampaign}`,
  ]
    .filter(Boolean)
    .join(", ")

/** The dashboard: the waitlist's growth over a period, as a chart and a table, by language and source, the share confirmed, the visits and their funnel, and the outbox's health. */
export function DashboardView() {
  const [days, setDays] = useState(30)
  const loaded = useAdminData<Dashboard>(`dashboard?days=${days}`)
  return (
    <div>
      <label htmlFor="period" sx={{ variant: "forms.label", mr: 3 }}>
        Period
      </label>
      <select
        id="period"
        value={days}
        onChange={(event) => setDays(Number(event.target.value))}
        sx={{ variant: "forms.input", py: 2 }}
      >
        {PERIODS.map((period) => (
          <option key={period} value={period}>
            Last {period} days
          </option>
        ))}
      </select>
      {loaded.state === "loading" && <p role="status">Loading…</p>}
      {loaded.state === "failed" && <AdminNotice tone="error">{loaded.error}</AdminNotice>}
      {loaded.state === "done" && <Figures dashboard={loaded.data} />}
    </div>
  )
}

function Figures({ dashboard }: { dashboard: Dashboard }) {
  const { days, confirmed, outbox } = dashboard
  const signUps = days.reduce((sum, day) => sum + day.signUps, 0)
  const confirmations = days.reduce((sum, day) => sum + day.confirmations, 0)
  const summary = `Sign-ups and confirmations per day, ${days[0]?.day} to ${days.at(-1)?.day}: ${signUps} sign-ups and ${confirmations} confirmations in all. The numbers of each day are in the table below.`
  const dates = useMemo(() => days.map((day) => day.day), [days])
  const lines = useMemo(
    () => [
      { label: "Sign-ups", values: days.map((day) => day.signUps) },
      { label: "Confirmations", values: days.map((day) => day.confirmations) },
    ],
    [days],
  )
  return (
    <>
      <dl sx={{ display: "grid", gridTemplateColumns: ["1fr", "1fr 1fr", "repeat(4, 1fr)"], gap: 4, my: 5 }}>
        <Figure label={`Sign-ups in ${dashboard.periodDays} days`} value={String(signUps)} />
        <Figure label={`Confirmed, of those`} value={percent(confirmed.period)} />
        <Figure label="Entries in all" value={String(confirmed.all.entries)} />
        <Figure label="Confirmed, of all" value={percent(confirmed.all)} />
      </dl>
      <h2 sx={{ variant: "text.heading", fontSize: 5 }}>Sign-ups and confirmations per day</h2>
      <DailyChart days={dates} series={lines} summary={summary} />
      <DataTable
        caption="Sign-ups and confirmations per day (UTC)"
        columns={["Day", "Sign-ups", "Confirmations"]}
        rows={[...days].reverse().map((day) => [day.day, day.signUps, day.confirmations])}
      />
      <div sx={{ display: "grid", gridTemplateColumns: ["1fr", null, "1fr 1fr"], gap: 6 }}>
        {dashboard.languages.length > 0 && (
          <section aria-labelledby="by-language">
            <h2 id="by-language" sx={{ variant: "text.heading", fontSize: 5 }}>
              By language
            </h2>
            <DataTable
              caption="Sign-ups of the period by the language of the page"
              captionHidden
              columns={["Language", "Sign-ups"]}
              rows={dashboard.languages.map((row) => [languageName(row.lang), row.entries])}
            />
          </section>
        )}
        {dashboard.sources.length > 0 && (
          <section aria-labelledby="by-source">
            <h2 id="by-source" sx={{ variant: "text.heading", fontSize: 5 }}>
              By source
            </h2>
            <DataTable
              caption="Sign-ups of the period by referrer and campaign (the 20 largest)"
              captionHidden
              columns={["Source", "Sign-ups"]}
              rows={dashboard.sources.map((row) => [sourceName(row), row.entries])}
            />
          </section>
        )}
      </div>
      <VisitsView visits={dashboard.visits} />
      <section aria-labelledby="outbox">
        <h2 id="outbox" sx={{ variant: "text.heading", fontSize: 5 }}>
          Mail
        </h2>
        {outbox.failed > 0 && (
          <AdminNotice tone="error">
            {counted(outbox.failed, "mail or event", "mails or events")} failed for good : see{" "}
            <code>npm run waitlist -- outbox</code> on the server.
          </AdminNotice>
        )}
        <DataTable
          caption="The outbox: mails and webhook events"
          captionHidden
          columns={["Waiting", "Waiting since", "Failed for good", "Sent in the last 24 hours"]}
          rows={[[outbox.pending, shownTime(outbox.oldestPendingSince), outbox.failed, outbox.sentLastDay]]}
        />
        <MailHealthTable health={dashboard.mailHealth} />
      </section>
    </>
  )
}
