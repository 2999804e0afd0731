/**
 * @jest-environment node
 */
import { clickOrigin } from "../click-origin"

const OWN = ["storyling.app"]

describe("where a request of /get came from", () => {
  it("takes the campaign of its own address: a poster's or a mail's link", () => {
    expect(clickOrigin("/get?utm_source=poster&utm_medium=print&utm_campaign=metro", undefined, OWN)).toEqual({
      referrer: "",
      internal: false,
      utmSource: "poster",
      utmMedium: "print",
      utmCampaign: "metro",
    })
    expect(clickOrigin("/get?utm_source=newsletter", "https://mail.example.com/inbox", OWN)).toEqual({
      referrer: "mail.example.com",
      internal: false,
      utmSource: "newsletter",
      utmMedium: "",
      utmCampaign: "",
    })
  })

  it("takes the campaign of the site's page a store button was clicked on, from its Referer", () => {
    expect(
      clickOrigin(
        "/es/get?store=apple",
        "https://storyling.app/es?utm_source=launch-post&utm_medium=social&utm_campaign=spring",
        OWN,
      ),
    ).toEqual({
      referrer: "",
      internal: true,
      utmSource: "launch-post",
      utmMedium: "social",
      utmCampaign: "spring",
    })
  })

  it("prefers the link's own campaign to the page's", () => {
    expect(
      clickOrigin("/get?store=apple&utm_source=qr", "https://storyling.app/?utm_source=newsletter", OWN),
    ).toMatchObject({ utmSource: "qr", internal: true })
  })

  it("reads no campaign from another site's address", () => {
    expect(clickOrigin("/get", "https://news.example.com/story?utm_source=theirs", OWN)).toEqual({
      referrer: "news.example.com",
      internal: false,
      utmSource: "",
      utmMedium: "",
      utmCampaign: "",
    })
  })

  it("has no source but the site's own for a click on a page without a campaign", () => {
    expect(clickOrigin("/get?store=google", "https://storyling.app/", OWN)).toEqual({
      referrer: "",
      internal: true,
      utmSource: "",
      utmMedium: "",
      utmCampaign: "",
    })
  })

  it("bounds what it reads: a campaign past the query's first 2 KB and a referrer over 2 KB are not read", () => {
    expect(clickOrigin(`/get?x=${"y".repeat(3000)}&utm_source=late`, undefined, OWN)).toMatchObject({ utmSource: "" })
    expect(clickOrigin("/get", `https://storyling.app/?utm_source=page&x=${"y".repeat(3000)}`, OWN)).toMatchObject({
      utmSource: "",
      referrer: "(other)",
    })
    const started = performance.now()
    clickOrigin(`/get?${"utm_source=a&".repeat(100_000)}`, `https://storyling.app/?${"&".repeat(100_000)}`, OWN)
    expect(performance.now() - started).toBeLessThan(200)
  })
})
