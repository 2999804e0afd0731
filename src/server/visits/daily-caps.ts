import type { KnownValues } from "./visit-counts"
import { OTHER } from "./traffic-source"

/** The most distinct values of each of these a day counts; past them a value counts as OTHER. */
export const DAILY_CAP = { page: 500, referrer: 100, utmSource: 100, utmMedium: 100, utmCampaign: 100 } as const

export type CappedDimension = keyof typeof DAILY_CAP

/**
 * The distinct values one day has counted under each capped dimension,
 * starting from what the store holds of the day already (so a restart
 * does not give a day a second budget). Instances sharing a store each
 * keep their own, so with several instances a day may count up to that
 * many times the cap.
 */
export class DailyCaps {
  private readonly seen: Record<CappedDimension, Set<string>>

  constructor(known: KnownValues) {
    this.seen = {
      page: new Set(known.page.slice(0, DAILY_CAP.page)),
      referrer: new Set(known.referrer.slice(0, DAILY_CAP.referrer)),
      utmSource: new Set(known.utmSource.slice(0, DAILY_CAP.utmSource)),
      utmMedium: new Set(known.utmMedium.slice(0, DAILY_CAP.utmMedium)),
      utmCampaign: new Set(known.utmCampaign.slice(0, DAILY_CAP.utmCampaign)),
    }
  }

  /** The value as the day counts it: itself while the day has room for it (the empty value always), else OTHER. */
  admit(dimension: CappedDimension, value: string): string {
    const seen = this.seen[dimension]
    if (value === "" || seen.has(value)) return value
    if (seen.size >= DAILY_CAP[dimension]) return OTHER
    seen.add(value)
    return value
  }
}
