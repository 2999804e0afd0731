import http from "http"
import type { AddressInfo } from "net"
import os from "os"
import path from "path"
import { apiRoutes } from "../../src/server/http/api-routes"
import { healthRoutes } from "../../src/server/observability/health-routes"
import { createMetrics } from "../../src/server/observability/metrics"
import { observeRequests } from "../../src/server/observability/observe-requests"
import { createReadiness } from "../../src/server/observability/readiness"
import { readSettings } from "../../src/server/settings"
import { createSiteServer } from "../../src/server/site-server"
import { createVisitCounter } from "../../src/server/visits/create-visit-counter"
import type { VisitCounter } from "../../src/server/visits/visit-counter"
import { createWaitlistRuntime } from "../../src/server/waitlist/waitlist-context"
import type { WaitlistStore } from "../../src/server/waitlist/waitlist-store"
import { PROJECT_ROOT } from "./project-root"
import { capturedLogger, type LogLine } from "./test-logger"

/** The production server in the test's own process, with the clock the test moves. */
export type SiteInProcess = {
  url: string
  /** The counter of visits, whose `flush` the test calls instead of waiting for its timer. */
  visits: VisitCounter
  store: () => WaitlistStore
  /** Every line the server logged, parsed, and all of them as written. */
  logLines: () => LogLine[]
  logText: () => string
  /** A scrape of the server's metrics, in Prometheus' text format. */
  metrics: () => Promise<string>
  stop: () => Promise<void>
}

/**
 * The production server as start.ts puts it together (the site from
 * public/, the API, the health checks, the observation of requests, the
 * counter of visits on the waitlist's store), served in the test's own
 * process, so that its clock can be moved (`now`) and its counts written
 * when the test says. Needs a production build. The outbox's worker is not
 * started: queued mail stays in the store for the test to read.
 */
export async function startSiteInProcess(env: Record<string, string>, now: () => Date): Promise<SiteInProcess> {
  const { log, lines, text } = capturedLogger()
  const metrics = createMetrics()
  const settings = readSettings({ MAIL_OUTBOX_DIR: path.join(os.tmpdir(), `site-in-process-outbox-${process.pid}`), ...env })
  const runtime = createWaitlistRuntime(settings, { now, log, metrics })
  const visits = createVisitCounter(settings, runtime.context)
  if (!visits) throw new Error("VISIT_COUNTING is 0: there is no counter to test")
  const routes = apiRoutes(runtime.context)
  const server: http.Server = createSiteServer({
    root: PROJECT_ROOT,
    routes,
    observer: observeRequests({ log, metrics, apiRoutes: new Set(routes.keys()) }),
    health: healthRoutes(createReadiness({ store: runtime.context.store, stopping: () => false, log })),
    log,
    pageRequests: visits.observe,
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    visits,
    store: runtime.context.store,
    logLines: lines,
    logText: text,
    metrics: () => metrics.registry.metrics(),
    async stop() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await visits.close()
      await runtime.close()
    },
  }
}
