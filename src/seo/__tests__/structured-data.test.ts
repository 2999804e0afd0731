import { siteFacts } from "../../config/site-facts"
import { languageOf } from "../../i18n/languages"
import { landingStructuredData } from "../structured-data"

const appOf = (data: ReturnType<typeof landingStructuredData>) =>
  data["@graph"].find((node) => node["@type"] === "MobileApplication") as Record<string, unknown>

describe("the landing page's structured data", () => {
  it("claims no rating while the site's facts have none", () => {
    expect(appOf(landingStructuredData({ ...siteFacts, rating: null }, languageOf("en")))).not.toHaveProperty(
      "aggregateRating",
    )
  })

  it("gives the app the stores' rating once the site's facts have it", () => {
    expect(
      appOf(landingStructuredData({ ...siteFacts, rating: { value: 4.7, count: 1289 } }, languageOf("en")))
        .aggregateRating,
    ).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.7,
      ratingCount: 1289,
      bestRating: 5,
      worstRating: 1,
    })
  })
})
