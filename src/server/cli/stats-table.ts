import { alignedColumns } from "./aligned-columns"
import { inertText } from "./inert-text"
import type { VisitStats } from "../../admin-api/visit-stats"
import { counted } from "../../words/counted"

/** The blocks of a sparkline, from none to the most. */
const BLOCKS = "▁▂▃▄▅▆▇█"
/** How many rows of pages, sources and languages the table shows (the JSON has them all). */
const TOP = 10
/** The widest a text cell is shown; longer text is cut with "…". */
const CELL = 40

/** One bar per value, scaled to the largest. */
export function sparkline(values: number[]): string {
  const most = Math.max(0, ...values)
  return values.map((value) => BLOCKS[most === 0 ? 0 : Math.round((value / most) * (BLOCKS.length - 1))]).join("")
}

/** A cell as printed: inert (see inertText) and at most CELL characters. */
function cell(text: string): string {
  const shown = [...inertText(text)]
  return shown.length > CELL ? `${shown.slice(0, CELL - 1).join("")}…` : shown.join("")
}

/** Rows as columns padded to their widest cell (each inert, cut at 40 characters); numbers to the right. */
export function table(head: string[], rows: (string | number)[][]): string {
  const cells = [
    head,
    ...rows.map((row) => row.map((value) => (typeof value === "number" ? String(value) : cell(value)))),
  ]
  const numeric = head.map((_, column) => rows.length > 0 && rows.every((row) => typeof row[column] === "number"))
  return alignedColumns(cells, (column) => numeric[column] ?? false)
}

const shownOr = (text: string, none: string) => (text === "" ? none : text)

/** The names the tables give the stores. */
const STORE_NAMES: Record<string, string> = { apple: "App Store", google: "Google Play" }

/** The statistics as the CLI prints them for a person: a sparkline of visitors, the funnel per day, the top pages, sources and languages, and the store clicks. */
export function statsTable(stats: VisitStats): string {
  const { days } = stats
  const first = days[0]?.date ?? ""
  const last = days[days.length - 1]?.date ?? ""
  const visitors = days.map((day) => day.visitors)
  const total = (pick: (day: VisitStats["days"][number]) => number) => days.reduce((sum, day) => sum + pick(day), 0)
  return [
    `Visits from ${first} to ${last} (${counted(days.length, "day")}, UTC)`,
    "",
    `Visitors per day  ${sparkline(visitors)}  (most ${Math.max(0, ...visitors)})`,
    "",
    table(
      ["date", "visitors", "pageviews", "contact page", "sign-ups", "confirmed", "App Store", "Google Play"],
      [
        ...days.map((day) => [
          day.date,
          day.visitors,
          day.pageviews,
          day.contactVisitors,
          day.signups,
          day.confirmed,
          day.appStoreClicks,
          day.googlePlayClicks,
        ]),
        [
          "total",
          ...(
            [
              "visitors",
              "pageviews",
              "contactVisitors",
              "signups",
              "confirmed",
              "appStoreClicks",
              "googlePlayClicks",
            ] as const
          ).map((figure) => total((day) => day[figure])),
        ],
      ],
    ),
    ...(stats.funnelNote ? ["", stats.funnelNote] : []),
    "",
    "Top pages",
    stats.pages.length
      ? table(
          ["page", "visitors", "pageviews"],
          stats.pages.slice(0, TOP).map((page) => [page.page, page.visitors, page.pageviews]),
        )
      : "(none)",
    "",
    "Sources: visitors → contact page → sign-ups → confirmed, and visitors → App Store, Google Play",
    stats.sources.length
      ? table(
          [
            "source",
            "medium",
            "campaign",
            "visitors",
            "contact page",
            "sign-ups",
            "confirmed",
            "App Store",
            "Google Play",
          ],
          stats.sources
            .slice(0, TOP)
            .map((source) => [
              source.source,
              shownOr(source.medium, "-"),
              shownOr(source.campaign, "-"),
              source.visitors,
              source.contactVisitors,
              source.signups,
              source.confirmed,
              source.appStoreClicks,
              source.googlePlayClicks,
            ]),
        )
      : "(none)",
    "",
    "Languages",
    stats.languages.length
      ? table(
          ["language", "visitors", "pageviews"],
          stats.languages.slice(0, TOP).map((language) => [language.language, language.visitors, language.pageviews]),
        )
      : "(none)",
    "",
    "Store clicks: the browsers /get sent to a store",
    stats.storeClicks.length
      ? table(
          ["store", "platform", "source", "medium", "campaign", "clicks"],
          stats.storeClicks
            .slice(0, TOP)
            .map((click) => [
              STORE_NAMES[click.store] ?? click.store,
              click.platform,
              click.source,
              shownOr(click.medium, "-"),
              shownOr(click.campaign, "-"),
              click.clicks,
            ]),
        )
      : "(none)",
    "",
  ].join("\n")
}
