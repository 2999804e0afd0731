/**
 * The route table under `gatsby develop`: gatsby-config's
 * developMiddleware mounts the production server's router on the develop
 * server, so editors' previews call the same routes, handlers and database
 * (one implementation of each route). Its worker and periodic jobs run as
 * the server's do, so the mails of a sign-up are written too; its metrics
 * are served nowhere, and it counts no visits and no store clicks. Every
 * path the table does not take goes on to Gatsby's own.
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
