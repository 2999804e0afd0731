import { indexInForce, utcDay } from "../version-in-force"

describe("the version in force", () => {
  const dates = ["2025-05-25", "2026-12-01"]

  it("is the last to have taken effect, from the start of its day in UTC", () => {
    expect(indexInForce(dates, utcDay(new Date("2026-11-30T23:59:59.999Z")))).toBe(0)
    expect(indexInForce(dates, utcDay(new Date("2026-12-01T00:00:00.000Z")))).toBe(1)
    expect(indexInForce(dates, "2030-01-01")).toBe(1)
  })

  it("is the first for a text published ahead of its first date, and none without versions", () => {
    expect(indexInForce(dates, "2024-01-01")).toBe(0)
    expect(indexInForce([], "2026-01-01")).toBe(-1)
  })
})
