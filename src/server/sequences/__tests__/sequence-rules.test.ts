/**
 * @jest-environment node
 */
import { DAY_MS, nextSteps, type Decided, type ScheduledStep } from "../sequence-rules"

const CONFIRMED = new Date("2027-01-10T09:00:00.000Z")
const at = (days: number) => new Date(CONFIRMED.getTime() + days * DAY_MS)
const step = (name: string, days: number): ScheduledStep => ({ name, afterMs: days * DAY_MS, languages: ["en"] })
const WELCOME = step("welcome", 2)
const SHARE = step("share", 7)
const STEPS = [SHARE, WELCOME]

const sent = (name: string, day: number): Decided => ({ step: name, state: "queued", decidedAt: at(day) })
const decide = (now: Date, decided: Decided[] = [], suppressed = false) =>
  nextSteps({ steps: STEPS, confirmedAt: CONFIRMED, decided, suppressed, now })

describe("the next step of a person's sequence", () => {
  it("sends nothing before the first step is due, and looks again when it is", () => {
    expect(decide(at(1))).toEqual({ skip: [], send: null, lookAgainAt: at(2) })
  })

  it("sends the first step once it is due, then waits for the next", () => {
    expect(decide(at(2))).toEqual({ skip: [], send: WELCOME, lookAgainAt: at(7) })
    expect(decide(at(7), [sent("welcome", 2)])).toEqual({ skip: [], send: SHARE, lookAgainAt: null })
  })

  it("never sends a step twice", () => {
    expect(decide(at(30), [sent("welcome", 2), sent("share", 7)])).toEqual({ skip: [], send: null, lookAgainAt: null })
  })

  it("sends one step when two are due after a server was down, and the next a day later", () => {
    expect(decide(at(8))).toEqual({ skip: [], send: WELCOME, lookAgainAt: at(9) })
    expect(decide(at(8.5), [sent("welcome", 8)])).toEqual({ skip: [], send: null, lookAgainAt: at(9) })
    expect(decide(at(9), [sent("welcome", 8)])).toEqual({ skip: [], send: SHARE, lookAgainAt: null })
  })

  it("skips a step more than a week overdue, and sends the next one due", () => {
    expect(decide(at(9.5))).toEqual({ skip: [{ step: "welcome", reason: "overdue" }], send: SHARE, lookAgainAt: null })
    expect(decide(at(20))).toEqual({
      skip: [
        { step: "welcome", reason: "overdue" },
        { step: "share", reason: "overdue" },
      ],
      send: null,
      lookAgainAt: null,
    })
  })

  it("keeps a day between two sequence mails, however the steps are timed", () => {
    const close = [step("first", 2), step("second", 2.25)]
    const decided = [sent("first", 2)]
    expect(nextSteps({ steps: close, confirmedAt: CONFIRMED, decided, suppressed: false, now: at(2.25) })).toEqual({
      skip: [],
      send: null,
      lookAgainAt: at(3),
    })
  })

  it("skips every step that comes due while the address is suppressed, and sends none", () => {
    expect(decide(at(2), [], true)).toEqual({
      skip: [{ step: "welcome", reason: "suppressed" }],
      send: null,
      lookAgainAt: at(7),
    })
  })

  it("orders steps by their delay whatever their names", () => {
    expect(decide(at(2)).send?.name).toBe("welcome")
  })
})
