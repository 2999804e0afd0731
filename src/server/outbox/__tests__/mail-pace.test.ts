import { busiestWindow } from "../../../../test/support/busiest-window"
import { MailPace } from "../mail-pace"

/** Runs a pace against a clock moved by hand: at each ms, begins as many mail tries as it allows; gives the start times. */
function starts(
  rate: { perSecond: number; perHour: number },
  forMs: number,
  stepMs = 1,
  lane: "mail" | "bulk" = "bulk",
): number[] {
  let now = 0
  const pace = new MailPace(rate, () => now)
  const begun: number[] = []
  for (; now < forMs; now += stepMs) {
    const allowed = pace.allowance(lane, 4)
    pace.began(lane, allowed)
    for (let i = 0; i < allowed; i++) begun.push(now)
  }
  return begun
}

describe("the mail pace", () => {
  it("begins at most MAIL_RATE_PER_SECOND mails in any second, evenly spaced with a 10% margin, and nearly that many a second", () => {
    const times = starts({ perSecond: 10, perHour: 0 }, 60_000)
    expect(busiestWindow(times, 1000)).toBe(10)
    // Even a mail delayed by 100 ms on its way keeps any second of the receiving server within the limit.
    expect(busiestWindow(times, 1100)).toBe(10)
    expect(times).toHaveLength(546)
    expect(Math.min(...times.slice(1).map((time, i) => time - (times[i] ?? 0)))).toBeGreaterThanOrEqual(110)
  })

  it("holds MAIL_RATE_PER_HOUR over any hour, however the hour is placed", () => {
    const times = starts({ perSecond: 50, perHour: 120 }, 3 * 3_600_000, 10)
    expect(busiestWindow(times, 3_600_000)).toBe(120)
    expect(times.length).toBeGreaterThanOrEqual(240)
    // The first hour's budget goes at the per-second pace, then nothing until the oldest start is an hour old.
    expect(times[119]).toBeLessThan(4000)
    expect(times[120]).toBeGreaterThanOrEqual(3_960_000)
  })

  it("never holds webhook events, and is off at 0", () => {
    let now = 0
    const pace = new MailPace({ perSecond: 1, perHour: 1 }, () => now)
    pace.began("mail", 1)
    expect(pace.allowance("webhook", 4)).toBe(4)
    expect(pace.allowance("mail", 4)).toBe(0)
    now = 1000
    expect(pace.waitMs()).toBeCloseTo(3_959_000, 3)
    expect(new MailPace({ perSecond: 0, perHour: 0 }, () => 0).allowance("bulk", 4)).toBe(4)
  })

  it("says how long until the next start may begin", () => {
    let now = 0
    const pace = new MailPace({ perSecond: 4, perHour: 0 }, () => now)
    pace.began("mail", 1)
    expect(pace.waitMs()).toBeCloseTo(275, 6)
    now = 100
    expect(pace.waitMs()).toBeCloseTo(175, 6)
    expect(pace.allowance("bulk", 2)).toBe(0)
  })

  it("hands mails to the transport one after the other, each the spacing after the last one's actual moment", async () => {
    jest.useFakeTimers({ now: 0 })
    try {
      const pace = new MailPace({ perSecond: 20, perHour: 0 }, () => Date.now())
      const handed: number[] = []
      const turns = Array.from({ length: 4 }, () => pace.handoff().then(() => handed.push(Date.now())))
      await jest.advanceTimersByTimeAsync(1000)
      await Promise.all(turns)
      expect(handed).toEqual([0, 55, 110, 165])
      // A turn that comes late (a try that took long to write its mail) moves the next ones with it.
      await jest.advanceTimersByTimeAsync(300)
      const late = [
        pace.handoff().then(() => handed.push(Date.now())),
        pace.handoff().then(() => handed.push(Date.now())),
      ]
      await jest.advanceTimersByTimeAsync(1000)
      await Promise.all(late)
      expect(handed.slice(4)).toEqual([1300, 1355])
    } finally {
      jest.useRealTimers()
    }
  })
  it("ends a turn waited for when its try is abandoned (a stop's grace is over), holding no later turn", async () => {
    jest.useFakeTimers({ now: 0 })
    try {
      const pace = new MailPace({ perSecond: 1, perHour: 0 }, () => Date.now())
      const abandon = new AbortController()
      const handed: string[] = []
      const first = pace.handoff().then(() => handed.push(`first ${Date.now()}`))
      const waiting = pace.handoff(abandon.signal).then(
        () => handed.push("abandoned one went"),
        (error: Error) => handed.push(`abandoned at ${Date.now()}: ${error.message}`),
      )
      const next = pace.handoff().then(() => handed.push(`next ${Date.now()}`))
      await jest.advanceTimersByTimeAsync(200)
      abandon.abort(new Error("the server is stopping"))
      await jest.advanceTimersByTimeAsync(2000)
      await Promise.all([first, waiting, next])
      expect(handed).toEqual(["first 0", "abandoned at 200: the server is stopping", "next 1100"])
    } finally {
      jest.useRealTimers()
    }
  })
})
