/**
 * The API under `gatsby develop`: gatsby-config's developMiddleware mounts
 * this handler on the develop server, so editors' previews call the same
 * routes, handlers and database as the production server (one
 * implementation of each route). Its worker and periodic jobs run as the
 * server's do, so the mails of a sign-up are written too; its metrics are
 * served nowhere.
 */
import type { RequestHandler } from "express"
import { apiRouter, API_ROUTE_NAMES } from "./app"
import { assemble } from "./assemble"
import { createLogger } from "./observability/logger"
import { createMetrics } from "./observability/metrics"
import { observeRequests } from "./observability/observe-requests"
import { API_PREFIX, pathOf } from "./observability/request-path"
import { PERSONAL_LINK_PATH, referralRoutes } from "./referrals/referral-routes"
import { readSettings } from "./settings"

/**
 * The handler of /api/ and of personal links (/r/<code>) for the develop
 * server, its parts started; every other path goes on to Gatsby's own.
 * @throws SettingsError when a setting cannot work
 */
export function developApi(env: Record<string, string | undefined>): RequestHandler {
  const settings = readSettings(env)
  const log = createLogger(settings.log)
  const metrics = createMetrics()
  const parts = assemble(settings, { log, metrics })
  parts.worker.start()
  parts.scheduler.start()
  const observer = observeRequests({ log, metrics, apiRoutes: API_ROUTE_NAMES })
  const api = apiRouter(parts.api)
  const { personalLink } = referralRoutes({ db: parts.api.db, log, siteUrl: settings.mail.siteUrl, boost: settings.referralBoost })
  return (req, res, next) => {
    const path = pathOf(req.url)
    if (PERSONAL_LINK_PATH.test(path)) return observer.middleware(req, res, () => void personalLink(req, res, next))
    if (!path.startsWith(API_PREFIX)) return next()
    observer.middleware(req, res, () => void api(req, res, next))
  }
}
