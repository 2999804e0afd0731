/**
 * @jest-environment node
 */
import { assemble } from "../../assemble"
import { createMetrics } from "../../observability/metrics"
import { readSettings } from "../../settings"
import { quietLogger } from "../../../../test/support/test-logger"
import { siteHostsOf } from "../site-hosts"

const partsOf = (env: Record<string, string>, metrics = createMetrics()) =>
  assemble(readSettings({ WAITLIST_DB_PATH: "/nowhere/never-opened.sqlite", ...env }), { log: quietLogger, metrics })

describe("the production server's counter of visits", () => {
  it("counts by default and not at all with VISIT_COUNTING=0", () => {
    expect(partsOf({}).visits).not.toBeNull()
    expect(partsOf({ VISIT_COUNTING: "0" }).visits).toBeNull()
  })

  it("knows the built site's host and SITE_URL's as the site's own", () => {
    expect(siteHostsOf(readSettings({ SITE_URL: "https://www.storyling.example:8443/" }))).toEqual(
      expect.arrayContaining(["www.storyling.example:8443"]),
    )
  })

  it("adds its families to the metrics' registry: page views by outcome, failed writes and what waits in memory", async () => {
    const metrics = createMetrics()
    partsOf({}, metrics)
    const text = await metrics.registry.metrics()
    expect(text).toContain("# TYPE storyling_page_views_total counter")
    expect(text).toContain("# TYPE storyling_visit_writes_failed_total counter")
    expect(text).toContain('storyling_visit_pending{kind="views"} 0')
    expect(text).toContain('storyling_visit_pending{kind="visitors"} 0')
  })
})
