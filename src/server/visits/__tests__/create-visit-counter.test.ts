/**
 * @jest-environment node
 */
import { createMetrics } from "../../observability/metrics"
import { readSettings } from "../../settings"
import { quietLogger } from "../../../../test/support/test-logger"
import { createVisitCounter, ownHostsOf } from "../create-visit-counter"

const context = (siteHosts: string[] = []) => ({ store: () => Promise.reject(new Error("not opened")) as never, siteHosts, log: quietLogger, metrics: createMetrics(), now: () => new Date() })

describe("the production server's counter of visits", () => {
  it("counts by default and not at all with VISIT_COUNTING=0", () => {
    expect(createVisitCounter(readSettings({}), context())).not.toBeNull()
    expect(createVisitCounter(readSettings({ VISIT_COUNTING: "0" }), context())).toBeNull()
  })

  it("knows the built site's host and SITE_URL's as the site's own", () => {
    expect(ownHostsOf(readSettings({ SITE_URL: "https://www.storyling.example:8443/" }))).toEqual(expect.arrayContaining(["www.storyling.example:8443"]))
  })

  it("adds its families to the metrics' registry: page views by outcome, failed writes and what waits in memory", async () => {
    const { registry, ...rest } = createMetrics()
    createVisitCounter(readSettings({}), { ...context(), metrics: { registry, ...rest } })
    const text = await registry.metrics()
    expect(text).toContain("# TYPE storyling_page_views_total counter")
    expect(text).toContain("# TYPE storyling_visit_writes_failed_total counter")
    expect(text).toContain('storyling_visit_pending{kind="views"} 0')
    expect(text).toContain('storyling_visit_pending{kind="visitors"} 0')
  })
})
