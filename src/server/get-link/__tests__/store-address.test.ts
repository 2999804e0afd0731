/**
 * @jest-environment node
 */
import { campaignValue } from "../../visits/traffic-source"
import { campaignToken, MAX_CAMPAIGN_TOKEN, playReferrer, storeAddress } from "../store-address"

const facts = {
  appStoreUrl: "https://apps.apple.com/app/id1234567890",
  playStoreUrl: "https://play.google.com/store/apps/details?id=com.example.storyling",
  appStoreProviderToken: "118290",
}
const campaign = (utmSource: string, utmCampaign = "", utmMedium = "") => ({
  utmSource: campaignValue(utmSource),
  utmMedium: campaignValue(utmMedium),
  utmCampaign: campaignValue(utmCampaign),
})

describe("the store's address with the campaign", () => {
  it("gives the App Store the campaign token, source.campaign, with the team's provider token", () => {
    expect(storeAddress("apple", campaign("newsletter", "launch", "email"), facts)).toBe(
      "https://apps.apple.com/app/id1234567890?pt=118290&ct=newsletter.launch",
    )
    expect(storeAddress("apple", campaign("poster"), facts)).toBe(
      "https://apps.apple.com/app/id1234567890?pt=118290&ct=poster",
    )
    expect(storeAddress("apple", campaign("", "spring"), facts)).toBe(
      "https://apps.apple.com/app/id1234567890?pt=118290&ct=spring",
    )
  })

  it("gives Google Play the campaign as one encoded referrer parameter", () => {
    expect(storeAddress("google", campaign("newsletter", "launch", "email"), facts)).toBe(
      "https://play.google.com/store/apps/details?id=com.example.storyling&referrer=utm_source%3Dnewsletter%26utm_campaign%3Dlaunch",
    )
    expect(
      new URL(storeAddress("google", campaign("news letter", "été 2026"), facts)).searchParams.get("referrer"),
    ).toBe("utm_source=news%20letter&utm_campaign=%C3%A9t%C3%A9%202026")
  })

  it("sends the bare listing when there is no campaign, and no provider token without a campaign token", () => {
    expect(storeAddress("apple", campaign(""), facts)).toBe(facts.appStoreUrl)
    expect(storeAddress("google", campaign(""), facts)).toBe(facts.playStoreUrl)
    expect(storeAddress("apple", campaign("日本"), facts)).toBe(facts.appStoreUrl)
    expect(storeAddress("apple", campaign("poster"), { ...facts, appStoreProviderToken: "" })).toBe(
      "https://apps.apple.com/app/id1234567890?ct=poster",
    )
  })

  it("keeps a campaign token within App Store Connect's 30 characters of its own set, no space first or last", () => {
    expect(campaignToken(campaign("summer-newsletter-2026", "early-birds-in-europe"))).toBe(
      "summer-newsletter-2026.early-b",
    )
    expect(campaignToken(campaign("Été à Paris", "ünïcödé"))).toBe("Ete a Paris.unicode")
    expect(campaignToken(campaign("a\u0000b\u202ec<script>", "x\r\ny"))).toBe("abc<script>.xy")
    expect(campaignToken(campaign("poster", " "))).toBe("poster")
    expect(campaignToken(campaign("1234567890123456789012345678 x"))).toBe(
      "1234567890123456789012345678 x".slice(0, MAX_CAMPAIGN_TOKEN).trim(),
    )
    expect(campaignToken(campaign("12345678901234567890123456789 x"))).toBe("12345678901234567890123456789")
  })

  it("encodes a hostile value: the address stays one line of its store, with nothing added", () => {
    for (const hostile of [
      "x\r\nSet-Cookie: a=b",
      "%0d%0aLocation: https://evil.example",
      "a&ct=evil&pt=1",
      "x#frag",
      "\u202egoogle",
      "y".repeat(5000),
    ]) {
      for (const store of ["apple", "google"] as const) {
        const address = storeAddress(store, campaign(hostile, hostile), facts)
        expect(address).not.toMatch(/[\s\u0000-\u001f\u007f-\uffff#]/)
        const url = new URL(address)
        expect(url.origin).toBe(new URL(store === "apple" ? facts.appStoreUrl : facts.playStoreUrl).origin)
        expect([...url.searchParams.keys()]).toEqual(store === "apple" ? ["pt", "ct"] : ["id", "referrer"])
        if (store === "apple") expect(url.searchParams.get("ct")?.length).toBeLessThanOrEqual(MAX_CAMPAIGN_TOKEN)
        else
          expect([...new URLSearchParams(url.searchParams.get("referrer") ?? "").keys()]).toEqual([
            "utm_source",
            "utm_campaign",
          ])
      }
    }
  })

  it("gives Google Play the values the site counts, each at most 100 characters", () => {
    const referrer = new URLSearchParams(playReferrer(campaign("s".repeat(500), "c".repeat(500))))
    expect(referrer.get("utm_source")).toBe("s".repeat(100))
    expect(referrer.get("utm_campaign")).toBe("c".repeat(100))
  })
})
