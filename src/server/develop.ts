/**
 * The API under `gatsby develop`: gatsby-config's developMiddleware mounts
 * this handler on the develop server, so editors' previews call the same
 * routes, handlers and database as the production server (one
 * implementation of each route). Its worker and periodic jobs run as the
 * server's do, so the mails of a sign-up are written too; its metrics are
 * served nowhere. `/get` sends phones to their store here too (counting
 * nothing: the develop server counts no visits), and leaves the page to
 * Gatsby.
 */
import type { RequestHandler } from "express"
import { siteFacts } from "../config/site-facts"
import { apiRouter, API_ROUTE_NAMES } from "./app"
import { assemble } from "./assemble"
import { getLinkRoute } from "./get-link/get-route"
import { createLogger } from "./observability/logger"
import { createMetrics } from "./observability/metrics"
import { observeRequests } from "./observability/observe-requests"
import { API_PREFIX, pathOf } from "./observability/request-path"
import { PERSONAL_LINK_PATH, referralRoutes } from "./referrals/referral-routes"
import { localLinksNotice, readSettings } from "./settings"

/**
 * The handler of /api/, of /get's redirects and of personal links
 * (/r/<code>) for the develop server, its parts started; every other path
 * goes on to Gatsby's own.
 * @throws SettingsError when a setting cannot work
 */
export function developApi(env: Record<string, string | undefined>): RequestHandler {
  // Without SITE_URL, mails link to the develop server itself: Gatsby's port is PORT's too, else 8000.
  const settings = readSettings({ ...env, PORT: env.PORT?.trim() || "8000" })
  const log = createLogger(settings.log)
  const notice = localLinksNotice(settings)
  if (notice) log.warn(notice)
  const metrics = createMetrics()
  const parts = assemble(settings, { log, metrics })
  parts.worker.start()
  parts.scheduler.start()
  const observer = observeRequests({ log, metrics, apiRoutes: API_ROUTE_NAMES })
  const api = apiRouter(parts.api)
  const getLink = getLinkRoute({ facts: siteFacts, ownHosts: parts.api.siteHosts, clicks: null })
  const { personalLink } = referralRoutes({
    db: parts.api.db,
    log,
    siteUrl: settings.mail.siteUrl,
    boost: settings.referralBoost,
  })
  return (req, res, next) => {
    const path = pathOf(req.url)
    if (PERSONAL_LINK_PATH.test(path)) return observer.middleware(req, res, () => void personalLink(req, res, next))
    if (!path.startsWith(API_PREFIX)) return getLink(req, res, next)
    observer.middleware(req, res, () => void api(req, res, next))
  }
}
