/**
 * What the counting of visits keeps in the store (see VisitsDatabase, on
 * SQLite or PostgreSQL): counts, the salt of each day, and the keyed hashes
 * of the day's visitors until the day ends. Never an address, a
 * User-Agent or a whole referrer.
 */

/** Page views of one day and combination of dimensions. */
export type ViewCount = {
  day: string
  /** The page as its English path ("/contact"), or NOT_FOUND_PAGE, or OTHER. */
  page: string
  language: string
  /** The referring site's host, "" for none or the site itself. */
  referrer: string
  utmSource: string
  utmMedium: string
  utmCampaign: string
  views: number
}

/** Page views of one day, page and language. */
export type PageViews = Pick<ViewCount, "day" | "page" | "language" | "views">

/**
 * What a visitor is counted under, once a day each: "all" (the visitor,
 * value ""), "page", "language", "source" (the traffic source they arrived
 * from, see sourceKey), "contact" (they saw a contact page, value "").
 */
export type VisitorDimension = "all" | "page" | "language" | "source" | "contact"

/** One visitor of a day, under one dimension: `visitor` is the keyed hash (see visitorHash). */
export type VisitorRow = { day: string; dimension: VisitorDimension; value: string; visitor: string }

/** Visitors counted per day and dimension; "contact-source" counts the contact visitors of each source. */
export type VisitorCount = { day: string; dimension: VisitorDimension | "contact-source"; value: string; visitors: number }

/** A sign-up as the funnel sees it: when it came, whether it was confirmed, and its own metadata (which gives its source). */
export type SignupRecord = { createdAt: Date; confirmed: boolean; metadata: Record<string, unknown> }

/** The values a day has counted already under each capped dimension (see DAILY_CAP). */
export type KnownValues = { page: string[]; referrer: string[]; utmSource: string[]; utmMedium: string[]; utmCampaign: string[] }

export interface VisitStore {
  /** The salt of a day, made by the first instance that asks and shared by all through the store. */
  salt(day: string): Promise<string>
  /** The values a day has counted so far, for the daily caps. */
  knownValues(day: string): Promise<KnownValues>
  /**
   * Writes a batch in one transaction: adds its views to the counts, adds
   * its visitors (each once a day and dimension), then closes the days
   * before `today`: their visitors become counts and their rows are
   * deleted, and the salts of days before yesterday are deleted.
   */
  record(views: ViewCount[], visitors: VisitorRow[], today: string): Promise<void>
  /** Page views of the days from `first` to `last` (inclusive), summed per day, page and language. */
  views(first: string, last: string): Promise<PageViews[]>
  /** Visitors of the days from `first` to `last`: the counts of closed days and the rows of open ones, counted alike. */
  visitors(first: string, last: string): Promise<VisitorCount[]>
  /** The entries created from `from` (inclusive) to `to` (exclusive), with their first message's metadata. */
  signups(from: Date, to: Date): Promise<SignupRecord[]>
}
