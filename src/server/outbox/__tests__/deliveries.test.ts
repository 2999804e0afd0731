import { DEFAULT_RETRY_BASE_MS } from "../../settings"
import { nextAttempt } from "../deliveries"
import { mayGetConfirmation } from "../../signup/confirmation-rules"

const created = new Date("2026-03-01T10:00:00.000Z")
const after = (ms: number) => new Date(created.getTime() + ms)
const HOUR = 3_600_000

describe("nextAttempt", () => {
  it("retries within 15 s first, doubling the wait up to an hour", () => {
    const waits = [1, 2, 3, 4, 10, 20].map(
      (attempts) =>
        (nextAttempt({ attempts, createdAt: created }, after(0), false, DEFAULT_RETRY_BASE_MS)?.getTime() ?? 0) -
        after(0).getTime(),
    )
    expect(waits).toEqual([15_000, 30_000, 60_000, 120_000, HOUR, HOUR])
  })

  it("gives up at once on a permanent failure, and after 24 hours of failures", () => {
    expect(nextAttempt({ attempts: 1, createdAt: created }, after(0), true, DEFAULT_RETRY_BASE_MS)).toBeNull()
    expect(
      nextAttempt({ attempts: 30, createdAt: created }, after(23.5 * HOUR), false, DEFAULT_RETRY_BASE_MS),
    ).toBeNull()
    expect(nextAttempt({ attempts: 30, createdAt: created }, after(22 * HOUR), false, DEFAULT_RETRY_BASE_MS)).toEqual(
      after(23 * HOUR),
    )
  })
})

describe("mayGetConfirmation", () => {
  const now = new Date("2026-03-10T10:00:00.000Z")
  it("allows a first mail, then one a day, three in all, none once confirmed", () => {
    expect(mayGetConfirmation({ confirmedAt: null, mailsSent: 0, lastMailAt: null }, now)).toBe(true)
    expect(
      mayGetConfirmation({ confirmedAt: null, mailsSent: 1, lastMailAt: new Date("2026-03-09T10:00:01.000Z") }, now),
    ).toBe(false)
    expect(
      mayGetConfirmation({ confirmedAt: null, mailsSent: 1, lastMailAt: new Date("2026-03-09T10:00:00.000Z") }, now),
    ).toBe(true)
    expect(
      mayGetConfirmation({ confirmedAt: null, mailsSent: 3, lastMailAt: new Date("2026-01-01T00:00:00.000Z") }, now),
    ).toBe(false)
    expect(
      mayGetConfirmation(
        {
          confirmedAt: new Date("2026-03-01T00:00:00.000Z"),
          mailsSent: 1,
          lastMailAt: new Date("2026-01-01T00:00:00.000Z"),
        },
        now,
      ),
    ).toBe(false)
  })
})
