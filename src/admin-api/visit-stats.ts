/**
 * The statistics of visits as the admin's dashboard reads them from its
 * API and `npm run waitlist -- stats --json` prints them (see visitStats).
 */

/** A source of the funnel: utm_source, else the referrer's host, else DIRECT (or INTERNAL); with the medium and campaign. */
export type Source = { source: string; medium: string; campaign: string }

/** The browsers `/get` sent to each store. */
export type StoreClicks = { appStoreClicks: number; googlePlayClicks: number }
export type DayStats = {
  date: string
  visitors: number
  pageviews: number
  contactVisitors: number
  signups: number
  confirmed: number
} & StoreClicks
export type PageStats = { page: string; visitors: number; pageviews: number }
export type SourceStats = Source & {
  visitors: number
  contactVisitors: number
  signups: number
  confirmed: number
} & StoreClicks
export type LanguageStats = { language: string; visitors: number; pageviews: number }
/** Store clicks of the period by store, platform and source. */
export type StoreClickStats = {
  store: string
  platform: string
  /** utm_source, else the referrer's host, else DIRECT or INTERNAL; OTHER past the day's cap. */
  source: string
  medium: string
  campaign: string
  clicks: number
}

/**
 * The statistics of a period, as `stats --json` prints them. Visitors of a
 * page, source or language are summed over the days: one person on two
 * days counts twice. `funnelNote` says why a step of the funnel exceeds
 * the one before, when one does; null otherwise.
 */
export type VisitStats = {
  days: DayStats[]
  pages: PageStats[]
  sources: SourceStats[]
  languages: LanguageStats[]
  storeClicks: StoreClickStats[]
  funnelNote: string | null
}
