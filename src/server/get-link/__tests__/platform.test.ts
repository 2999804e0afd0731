/**
 * @jest-environment node
 */
import { CRAWLERS, DEVICES } from "../../../../test/support/device-user-agents"
import { isBotAgent } from "../../visits/page-view"
import { destination, isGetLanguage } from "../get-route"
import { platformOf, STORE_OF } from "../platform"

const PLACES = { apple: "the App Store", google: "Google Play", page: "the page" } as const

describe("the store /get sends a device to", () => {
  it.each(DEVICES.map((device) => ({ ...device, place: PLACES[device.store ?? "page"] })))(
    "sends $name to $place",
    ({ userAgent, store }) => {
      expect(isBotAgent(userAgent)).toBe(false)
      expect(destination({ named: null, platform: platformOf(userAgent), crawler: false, live: true })).toBe(store)
    },
  )

  it("names iPhones and iPads ios, Android devices android, and anything else desktop", () => {
    expect(DEVICES.map(({ userAgent }) => platformOf(userAgent))).toEqual(
      DEVICES.map(({ store }) => (store === "apple" ? "ios" : store === "google" ? "android" : "desktop")),
    )
    expect(platformOf("")).toBe("desktop")
    expect(STORE_OF).toEqual({ ios: "apple", android: "google", desktop: null })
  })

  it("sends any device to the store it names, a phone of the other platform and a desktop alike", () => {
    expect(destination({ named: "google", platform: "ios", crawler: false, live: true })).toBe("google")
    expect(destination({ named: "apple", platform: "android", crawler: false, live: true })).toBe("apple")
    expect(destination({ named: "apple", platform: "desktop", crawler: false, live: true })).toBe("apple")
  })

  it.each(CRAWLERS)(
    "gives $name the page although it announces a phone, and even when a store is named",
    ({ userAgent }) => {
      expect(platformOf(userAgent)).not.toBe("desktop")
      expect(isBotAgent(userAgent)).toBe(true)
      expect(destination({ named: null, platform: platformOf(userAgent), crawler: true, live: true })).toBeNull()
      expect(destination({ named: "apple", platform: platformOf(userAgent), crawler: true, live: true })).toBeNull()
    },
  )

  it("gives every device the page while the app is not live", () => {
    for (const platform of ["ios", "android", "desktop"] as const)
      expect(destination({ named: "apple", platform, crawler: false, live: false })).toBeNull()
  })

  it("reads only the first 512 characters of a User-Agent, in linear time", () => {
    const started = performance.now()
    expect(
      platformOf(`${"Mozilla/5.0 ".repeat(50)}${" ".repeat(200_000)}(iPhone; CPU iPhone OS 18_5 like Mac OS X)`),
    ).toBe("desktop")
    expect(platformOf(`${"(".repeat(200_000)}iPhone`)).toBe("desktop")
    expect(performance.now() - started).toBeLessThan(200)
  })
})

describe("/get's language prefix", () => {
  it.each([
    [undefined, true],
    ["es", true],
    ["pt-br", true],
    ["en", false],
    ["xx", false],
    ["ES", false],
  ])("%s: %s", (lang, expected) => {
    expect(isGetLanguage(lang)).toBe(expected)
  })
})
