import type { KnownValues } from "./visit-counts"
import { OTHER } from "./traffic-source"

/** The most distinct values of each of these a day counts; past them a value counts as OTHER. */
export const DAILY_CAP = { page: 500, referrer: 100, utmSource: 100, utmMedium: 100, utmCampaign: 100 } as const

/** The most combinations of a page view's (or a store click's) dimensions a day keeps as rows; past them a new one's origin (referrer and campaign) counts as OTHER. */
export const MAX_VIEW_COMBINATIONS = 2000

/** The most visitors a day counts; past them a page view counts, its visitor does not (the day's visitor rows stay bounded). */
export const MAX_VISITORS_A_DAY = 20_000

export type CappedDimension = keyof typeof DAILY_CAP

/** A page view's dimensions as a day keys its combinations. */
export type ViewDimensions = {
  page: string
  language: string
  referrer: string
  utmSource: string
  utmMedium: string
  utmCampaign: string
}

export const combinationOf = (view: ViewDimensions) =>
  JSON.stringify([view.page, view.language, view.referrer, view.utmSource, view.utmMedium, view.utmCampaign])

/**
 * What one day has counted under its caps, starting from what the store
 * holds, so a restart gives a day no second budget. Each instance keeps its
 * own: several instances may count up to that many times a cap.
 */
export class DailyCaps {
  private readonly seen: Record<CappedDimension, Set<string>>
  private readonly combinations: Set<string>
  private visitors: number

  constructor(known: KnownValues) {
    this.seen = {
      page: new Set(known.page.slice(0, DAILY_CAP.page)),
      referrer: new Set(known.referrer.slice(0, DAILY_CAP.referrer)),
      utmSource: new Set(known.utmSource.slice(0, DAILY_CAP.utmSource)),
      utmMedium: new Set(known.utmMedium.slice(0, DAILY_CAP.utmMedium)),
      utmCampaign: new Set(known.utmCampaign.slice(0, DAILY_CAP.utmCampaign)),
    }
    this.combinations = new Set(known.combinations)
    this.visitors = known.visitors
  }

  /** The value as the day counts it: itself while the day has room for it (the empty value always), else OTHER. */
  admit(dimension: CappedDimension, value: string): string {
    const seen = this.seen[dimension]
    if (value === "" || seen.has(value)) return value
    if (seen.size >= DAILY_CAP[dimension]) return OTHER
    seen.add(value)
    return value
  }

  /** A view's dimensions as the day keeps them: a new combination past MAX_VIEW_COMBINATIONS has its origin counted as OTHER. */
  admitCombination<T extends ViewDimensions>(view: T): T {
    if (this.admitCombinationKey(combinationOf(view))) return view
    const collapsed = { ...view, referrer: OTHER, utmSource: OTHER, utmMedium: OTHER, utmCampaign: OTHER }
    this.combinations.add(combinationOf(collapsed))
    return collapsed
  }

  /** Whether the day keeps a combination (of a view's or a store click's dimensions) as a row: one it has, or a new one while it has room (MAX_VIEW_COMBINATIONS), which it then keeps. */
  admitCombinationKey(key: string): boolean {
    if (this.combinations.has(key)) return true
    if (this.combinations.size >= MAX_VIEW_COMBINATIONS) return false
    this.combinations.add(key)
    return true
  }

  /** Whether the day has room for one more visitor, which it then counts. */
  admitVisitor(): boolean {
    if (this.visitors >= MAX_VISITORS_A_DAY) return false
    this.visitors += 1
    return true
  }
}
