import { entryAttribution } from "../entry-attribution"

const FROM_LANDING = "https://storyling.example.com/es?ref=k3T9xQ2a&utm_source=personal-link"

describe("entryAttribution", () => {
  it("counts a sign-up whose visit came through a personal link under personal-link, as the visit of its landing page", () => {
    expect(entryAttribution({ locale: "es", referrer: FROM_LANDING, utm: {}, referral: "k3T9xQ2a" })).toEqual({
      lang: "es",
      referrerHost: "storyling.example.com",
      utmSource: "personal-link",
      utmMedium: null,
      utmCampaign: null,
    })
  })

  it("keeps the campaign of the form's own page before the personal link's", () => {
    expect(
      entryAttribution({
        referrer: null,
        utm: { utm_source: "newsletter", utm_medium: "email" },
        referral: "k3T9xQ2a",
      }),
    ).toMatchObject({ utmSource: "newsletter", utmMedium: "email" })
  })

  it("takes nothing from a referral that is no personal code", () => {
    for (const referral of [null, "", "short", "k3T9xQ2a<script>", 12345678])
      expect(entryAttribution({ referrer: FROM_LANDING, utm: {}, referral }).utmSource).toBeNull()
  })
})
