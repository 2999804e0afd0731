import { readSettings } from "../../settings"
import { createVisitCounter, ownHostsOf } from "../create-visit-counter"

const context = { store: () => Promise.reject(new Error("not opened")) as never, log: () => undefined, now: () => new Date() }

describe("the production server's counter of visits", () => {
  it("counts by default and not at all with VISIT_COUNTING=0", () => {
    expect(createVisitCounter(readSettings({}), context)).not.toBeNull()
    expect(createVisitCounter(readSettings({ VISIT_COUNTING: "0" }), context)).toBeNull()
  })

  it("knows the built site's host and SITE_URL's as the site's own", () => {
    expect(ownHostsOf(readSettings({ SITE_URL: "https://www.storyling.example:8443/" }))).toEqual(expect.arrayContaining(["www.storyling.example:8443"]))
  })
})
