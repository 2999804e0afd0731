/**
 * The route table under `gatsby develop`: the production server's router
 * mounted on the develop server, so previews use the same routes, handlers
 * and database. Its worker and jobs run; it counts no visits, and leaves
 * every other path to Gatsby.
 */
import type { Router } from "express"
import { API_ROUTE_NAMES, siteRouter } from "./app"
import { assemble } from "./assemble"
import { createLogger } from "./observability/logger"
import { createMetrics } from "./observability/metrics"
import { observeRequests } from "./observability/observe-requests"
import { localLinksNotice, readSettings } from "./settings"

/**
 * The route table's router for the develop server, its parts started.
 * @throws SettingsError when a setting cannot work
 */
export function developRouter(env: Record<string, string | undefined>): Router {
  // Without SITE_URL, mails link to the develop server itself: Gatsby's port is PORT's too, else 8000.
  const settings = readSettings({ ...env, PORT: env.PORT?.trim() || "8000" })
  const log = createLogger(settings.log)
  const notice = localLinksNotice(settings)
  if (notice) log.warn(notice)
  const metrics = createMetrics()
  const parts = assemble({ ...settings, countVisits: false }, { log, metrics })
  parts.worker.start()
  parts.scheduler.start()
  const observer = observeRequests({ log, metrics, apiRoutes: API_ROUTE_NAMES })
  return siteRouter(parts.routes, { observe: observer.middleware })
}
