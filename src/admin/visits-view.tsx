import { useMemo } from "react"
// The shape of the API's `visits`, as the server computes it (types only: nothing of the server reaches the browser).
import type { DayStats, SourceStats, VisitStats } from "../admin-api/visit-stats"
import { BarChart } from "./bar-chart"
import { DailyChart } from "./daily-chart"
import { DataTable } from "./data-table"
import { Figure } from "./figure"
import { languageName } from "./language-name"
import { StoreClicksTable } from "./store-clicks-table"

/** How many pages, sources and languages are charted and listed: the largest. */
const TOP = 10

const sum = (days: DayStats[], pick: (day: DayStats) => number) => days.reduce((total, day) => total + pick(day), 0)

/** What `part` is of `whole`, as a whole percentage; "—" of nothing. */
const share = (part: number, whole: number) => (whole === 0 ? "—" : `${Math.round((part / whole) * 100)}%`)

/** A source as the charts name it: its name, and its medium and campaign when it has them. */
const sourceLabel = ({ source, medium, campaign }: SourceStats) =>
  [source, medium, campaign].filter(Boolean).join(" / ")

/**
 * The visits of the dashboard's period, as `npm run waitlist -- stats`
 * prints them (one computation, `visitStats`, on the server): visitors
 * per day, the funnel from a visit to a confirmed address and from a
 * visit to a store, and the top pages, sources and languages, each as a
 * chart and as a table, and the store clicks by store, platform and source.
 */
export function VisitsView({ visits }: { visits: VisitStats }) {
  const { days } = visits
  const dates = useMemo(() => days.map((day) => day.date), [days])
  const lines = useMemo(
    () => [
      { label: "Visitors", values: days.map((day) => day.visitors) },
      { label: "Visitors of the contact page", values: days.map((day) => day.contactVisitors) },
    ],
    [days],
  )
  // Each step with the step it follows: a store click follows the visit, beside the way to a confirmed address.
  const funnel = [
    { label: "Visitors", value: sum(days, (day) => day.visitors), after: -1 },
    { label: "Visitors of the contact page", value: sum(days, (day) => day.contactVisitors), after: 0 },
    { label: "Sign-ups", value: sum(days, (day) => day.signups), after: 1 },
    { label: "Confirmed", value: sum(days, (day) => day.confirmed), after: 2 },
    { label: "Sent to a store", value: sum(days, (day) => day.appStoreClicks + day.googlePlayClicks), after: 0 },
  ]
  const [visitors, contact, signups, confirmed, storeClicks] = funnel.map((step) => step.value) as [
    number,
    number,
    number,
    number,
    number,
  ]
  const pages = visits.pages.slice(0, TOP)
  const sources = visits.sources.slice(0, TOP)
  const languages = visits.languages.slice(0, TOP)
  const period = `${dates[0]} to ${dates.at(-1)}`
  return (
    <section aria-labelledby="visits">
      <h2 id="visits" sx={{ variant: "text.heading", fontSize: 5, mt: 6 }}>
        Visits
      </h2>
      <p sx={{ variant: "text.small", maxWidth: "prose" }}>
        Counted by the server, without cookies or scripts: a visitor is one browser on one day, so a person who came on
        two days counts on each. Bots, prefetches and browsers that ask not to be tracked are not counted.
      </p>
      <dl sx={{ display: "grid", gridTemplateColumns: ["1fr", "1fr 1fr", "repeat(4, 1fr)"], gap: 4, my: 5 }}>
        <Figure label="Visitors" value={visitors} />
        <Figure label="Page views" value={sum(days, (day) => day.pageviews)} />
        <Figure label="Visitors of the contact page" value={contact} />
        <Figure label="Sign-ups" value={signups} />
      </dl>
      <h3 sx={{ variant: "text.heading", fontSize: 4 }}>Visitors per day</h3>
      <DailyChart
        days={dates}
        series={lines}
        summary={`Visitors and visitors of the contact page per day, ${period}: ${visitors} and ${contact} in all. The numbers of each day are in the table below.`}
      />
      <DataTable
        caption="Visits per day (UTC)"
        columns={["Day", "Visitors", "Page views", "Contact page", "Sign-ups", "Confirmed", "App Store", "Google Play"]}
        rows={[...days]
          .reverse()
          .map((day) => [
            day.date,
            day.visitors,
            day.pageviews,
            day.contactVisitors,
            day.signups,
            day.confirmed,
            day.appStoreClicks,
            day.googlePlayClicks,
          ])}
      />
      <h3 sx={{ variant: "text.heading", fontSize: 4 }}>From a visit to a confirmed address, and to a store</h3>
      <BarChart
        bars={funnel}
        summary={`The funnel of the period: ${visitors} visitors, ${contact} of them on the contact page, ${signups} sign-ups, ${confirmed} confirmed; and ${storeClicks} sent to a store. The numbers are in the table below.`}
      />
      <DataTable
        caption="The funnel of the period"
        captionHidden
        columns={["Step", "Number", "Of the step before"]}
        rows={funnel.map((step) => [
          step.label,
          step.value,
          step.after < 0 ? "" : share(step.value, funnel[step.after]?.value ?? 0),
        ])}
      />
      {visits.funnelNote && <p sx={{ variant: "text.small", maxWidth: "prose" }}>{visits.funnelNote}</p>}
      <div sx={{ display: "grid", gridTemplateColumns: ["1fr", null, null, "1fr 1fr"], columnGap: 6 }}>
        {pages.length > 0 && (
          <section aria-labelledby="top-pages">
            <h3 id="top-pages" sx={{ variant: "text.heading", fontSize: 4 }}>
              Top pages
            </h3>
            <BarChart
              bars={pages.map((page) => ({ label: page.page, value: page.visitors }))}
              summary="Visitors of the pages visited most. The numbers are in the table below."
            />
            <DataTable
              caption={`Visitors and page views of the pages visited most (the ${TOP} largest)`}
              captionHidden
              columns={["Page", "Visitors", "Page views"]}
              rows={pages.map((page) => [<bdi key="page">{page.page}</bdi>, page.visitors, page.pageviews])}
            />
          </section>
        )}
        {languages.length > 0 && (
          <section aria-labelledby="top-languages">
            <h3 id="top-languages" sx={{ variant: "text.heading", fontSize: 4 }}>
              Languages
            </h3>
            <BarChart
              bars={languages.map((language) => ({ label: languageName(language.language), value: language.visitors }))}
              summary="Visitors by the language of the pages. The numbers are in the table below."
            />
            <DataTable
              caption="Visitors and page views by the language of the pages"
              captionHidden
              columns={["Language", "Visitors", "Page views"]}
              rows={languages.map((language) => [
                languageName(language.language),
                language.visitors,
                language.pageviews,
              ])}
            />
          </section>
        )}
      </div>
      {sources.length > 0 && (
        <section aria-labelledby="top-sources">
          <h3 id="top-sources" sx={{ variant: "text.heading", fontSize: 4 }}>
            Sources
          </h3>
          <p sx={{ variant: "text.small", maxWidth: "prose" }}>
            A source is the link&apos;s <code>utm_source</code>, else the referring site, else (direct). A sign-up
            counts under its own page&apos;s source, or under personal-link when its visit came through a personal link;
            one made from another page of the site without a campaign counts under (internal).
          </p>
          <BarChart
            bars={sources.map((source) => ({ label: sourceLabel(source), value: source.visitors }))}
            summary="Visitors by source. The funnel of each source is in the table below."
          />
          <DataTable
            caption={`The funnel by source (the ${TOP} largest)`}
            captionHidden
            columns={[
              "Source",
              "Medium",
              "Campaign",
              "Visitors",
              "Contact page",
              "Sign-ups",
              "Confirmed",
              "App Store",
              "Google Play",
            ]}
            rows={sources.map((source) => [
              <bdi key="source">{source.source}</bdi>,
              <bdi key="medium">{source.medium}</bdi>,
              <bdi key="campaign">{source.campaign}</bdi>,
              source.visitors,
              source.contactVisitors,
              source.signups,
              source.confirmed,
              source.appStoreClicks,
              source.googlePlayClicks,
            ])}
          />
        </section>
      )}
      <StoreClicksTable clicks={visits.storeClicks} top={TOP} />
    </section>
  )
}
