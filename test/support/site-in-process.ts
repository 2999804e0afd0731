import { NO_DNS_SERVER } from "./dns-test-server"
import { freePort } from "./free-port"
import http from "http"
import os from "os"
import path from "path"
import { API_ROUTE_NAMES, createApp } from "../../src/server/app"
import { headersByPath } from "../../src/server/http/headers-by-path"
import { assemble } from "../../src/server/assemble"
import type { Db } from "../../src/server/db/db"
import { siteServer } from "../../src/server/http/site-server"
import { healthRoutes } from "../../src/server/observability/health-routes"
import { createMetrics } from "../../src/server/observability/metrics"
import { observeRequests } from "../../src/server/observability/observe-requests"
import { createReadiness } from "../../src/server/observability/readiness"
import { outboxDepth } from "../../src/server/outbox/outbox-queries"
import { readSettings } from "../../src/server/settings"
import type { VisitCounter } from "../../src/server/visits/visit-counter"
import { dayOf } from "../../src/server/visits/visit-day"
import { closeVisitDays } from "../../src/server/visits/visit-queries"
import { PROJECT_ROOT } from "./project-root"
import { capturedLogger, type LogLine } from "./test-logger"
import { siteFacts } from "../../src/config/site-facts"

/** The production server in the test's own process, with the clock the test moves. */
export type SiteInProcess = {
  url: string
  /** The counter of visits, whose `flush` the test calls instead of waiting for its timer. */
  visits: VisitCounter
  /** Closes the days before the clock's, as the periodic job does (the test calls it instead of waiting). */
  closeDays: () => Promise<void>
  db: Db
  /** Every line the server logged, parsed, and all of them as written. */
  logLines: () => LogLine[]
  logText: () => string
  /** A scrape of the server's metrics, in Prometheus' text format. */
  metrics: () => Promise<string>
  stop: () => Promise<void>
}

/**
 * The production server as main.ts puts it together (the site from
 * public/, the API, the health checks, the observation of requests, the
 * counter of visits on the waitlist's store), served in the test's own
 * process, so that its clock can be moved (`now`) and its counts written
 * when the test says. Needs a production build. The outbox's worker is not
 * started: queued mail stays in the store for the test to read.
 */
export async function startSiteInProcess(env: Record<string, string>, now: () => Date): Promise<SiteInProcess> {
  const { log, lines, text } = capturedLogger()
  const metrics = createMetrics()
  // The port the server listens on is its own origin's (see ownOrigins): chosen before the settings are read.
  const port = await freePort()
  const settings = readSettings({
    MAIL_OUTBOX_DIR: path.join(os.tmpdir(), `site-in-process-outbox-${process.pid}`),
    SITE_URL: siteFacts.siteUrl,
    HOST: "127.0.0.1",
    PORT: String(port),
    DNS_SERVERS: NO_DNS_SERVER,
    ...env,
  })
  const parts = assemble(settings, { now, log, metrics })
  const { db, visits, storeClicks } = parts
  if (!visits) throw new Error("VISIT_COUNTING is 0: there is no counter to test")
  const app = createApp(parts.routes, {
    root: PROJECT_ROOT,
    headers: headersByPath([]),
    observer: observeRequests({ log, metrics, apiRoutes: API_ROUTE_NAMES }),
    health: healthRoutes(createReadiness({ outboxDepth: () => outboxDepth(db), stopping: () => false, log })),
    pageRequests: visits.observe,
  })
  const server: http.Server = siteServer(app, {})
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${port}`,
    visits,
    closeDays: () => closeVisitDays(db, dayOf(now())),
    db,
    logLines: lines,
    logText: text,
    metrics: () => metrics.registry.metrics(),
    async stop() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await visits.close()
      await storeClicks?.close()
      await db.close()
    },
  }
}
