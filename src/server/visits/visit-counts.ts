/** What the counting of visits keeps in the database (see visit-queries.ts): counts of views and visitors, by day and dimension. */

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

/**
 * What a visitor is counted under, once a day each: "all" (the visitor,
 * value ""), "page", "language", "source" (the traffic source they arrived
 * from, see sourceKey), "contact" (they saw a contact page, value "").
 */
export type VisitorDimension = "all" | "page" | "language" | "source" | "contact"

/** One visitor of a day, under one dimension: `visitor` is the keyed hash (see visitorHash). */
export type VisitorRow = { day: string; dimension: VisitorDimension; value: string; visitor: string }

/** What a day has counted already: the values under each capped dimension (see DAILY_CAP), its combinations of a view's dimensions (as DailyCaps keys them), and its visitors. */
export type KnownValues = {
  page: string[]
  referrer: string[]
  utmSource: string[]
  utmMedium: string[]
  utmCampaign: string[]
  combinations: string[]
  visitors: number
}
