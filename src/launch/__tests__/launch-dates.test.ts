/**
 * @jest-environment node
 */
import { siteFacts } from "../../config/site-facts"
import { launchDateProblems, plannedLaunches } from "../launch-dates"

describe("the site's planned launch days", () => {
  it("are as the facts ship them: none planned, no problem", () => {
    expect(launchDateProblems(siteFacts)).toEqual([])
    expect(plannedLaunches(siteFacts, "en", new Date())).toEqual([])
  })

  it("refuse a day that is not real or not written as YYYY-MM-DD, naming the fact to fix", () => {
    expect(launchDateProblems({ launchDates: { appStore: "2027-02-30", googlePlay: "15/03/2027" } })).toEqual([
      'launchDates.appStore in src/config/site-facts.ts must be null or a real day written as YYYY-MM-DD, not "2027-02-30"',
      'launchDates.googlePlay in src/config/site-facts.ts must be null or a real day written as YYYY-MM-DD, not "15/03/2027"',
    ])
  })

  it("are named soonest first, each in the reader's language, until the day has passed", () => {
    const launchDates = { appStore: "2027-04-20", googlePlay: "2027-03-15" }
    expect(plannedLaunches({ launchDates }, "fr", new Date("2027-03-15T23:00:00Z"))).toEqual([
      { store: "googlePlay", name: "Google Play", day: "15 mars 2027" },
      { store: "appStore", name: "App Store", day: "20 avril 2027" },
    ])
    expect(plannedLaunches({ launchDates }, "pt-br", new Date("2027-03-16T00:00:00Z"))).toEqual([
      { store: "appStore", name: "App Store", day: "20 de abril de 2027" },
    ])
  })
})
