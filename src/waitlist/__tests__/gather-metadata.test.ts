import { gatherMetadata, timeZoneOf } from "../gather-metadata"

describe("the time zone in the contact metadata", () => {
  it("comes from Temporal where the browser has it", () => {
    const win = Object.assign(Object.create(window) as Window, {
      Temporal: { Now: { timeZoneId: () => "America/Bogota" } },
    })
    expect(timeZoneOf(win)).toBe("America/Bogota")
  })

  it("comes from Intl where the browser has no Temporal, and is the same zone", () => {
    expect("Temporal" in window).toBe(false)
    expect(timeZoneOf(window)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
    expect(gatherMetadata().timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
  })
})
