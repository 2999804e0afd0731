/**
 * @jest-environment node
 */
import { DAILY_CAP, DailyCaps, MAX_VIEW_COMBINATIONS, MAX_VISITORS_A_DAY } from "../daily-caps"
import { OTHER } from "../traffic-source"
import type { KnownValues } from "../visit-counts"

const nothingYet: KnownValues = {
  page: [],
  referrer: [],
  utmSource: [],
  utmMedium: [],
  utmCampaign: [],
  combinations: [],
  visitors: 0,
}
const view = (i: number) => ({
  page: "/",
  language: "en",
  referrer: `https://site-${i}.example/`,
  utmSource: "",
  utmMedium: "",
  utmCampaign: `c${i % 50}`,
})

describe("a day's caps on what its counts hold", () => {
  it("counts a page past the day's distinct pages as other, and one already counted as itself", () => {
    const caps = new DailyCaps(nothingYet)
    const admitted = Array.from({ length: DAILY_CAP.page + 10 }, (_, i) => caps.admit("page", `/p/${i}`))
    expect(admitted.slice(0, DAILY_CAP.page)).toEqual(Array.from({ length: DAILY_CAP.page }, (_, i) => `/p/${i}`))
    expect(new Set(admitted.slice(DAILY_CAP.page))).toEqual(new Set([OTHER]))
    expect(caps.admit("page", "/p/3")).toBe("/p/3")
    expect(caps.admit("referrer", "")).toBe("")
  })

  it("starts from what the store holds of the day, so a restart gives the day no second budget", () => {
    const known = {
      ...nothingYet,
      utmCampaign: Array.from({ length: DAILY_CAP.utmCampaign }, (_, i) => `spring-${i}`),
      visitors: MAX_VISITORS_A_DAY - 1,
    }
    const caps = new DailyCaps(known)
    expect(caps.admit("utmCampaign", "spring-7")).toBe("spring-7")
    expect(caps.admit("utmCampaign", "summer")).toBe(OTHER)
    expect(caps.admitVisitor()).toBe(true)
    expect(caps.admitVisitor()).toBe(false)
    expect(caps.admitVisitor()).toBe(false)
  })

  it(`keeps at most ${MAX_VIEW_COMBINATIONS} combinations and folds the origin of new ones into other, whatever is varied`, () => {
    const caps = new DailyCaps(nothingYet)
    const kept = Array.from({ length: MAX_VIEW_COMBINATIONS * 3 }, (_, i) => caps.admitCombination(view(i)))
    expect(kept.slice(0, MAX_VIEW_COMBINATIONS)).toEqual(
      Array.from({ length: MAX_VIEW_COMBINATIONS }, (_, i) => view(i)),
    )
    const past = kept.slice(MAX_VIEW_COMBINATIONS)
    expect(new Set(past.map((one) => JSON.stringify(one)))).toEqual(
      new Set([
        JSON.stringify({
          page: "/",
          language: "en",
          referrer: OTHER,
          utmSource: OTHER,
          utmMedium: OTHER,
          utmCampaign: OTHER,
        }),
      ]),
    )
    // A combination counted before the cap stays itself.
    expect(caps.admitCombination(view(5))).toEqual(view(5))
  })
})
