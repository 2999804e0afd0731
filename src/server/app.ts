/**
 * The site's HTTP application, on Express 5: every route of the API in one
 * table (method, path, who may call it), and, on the production server,
 * the health checks, the counting of visits, `/get` and the built site
 * around it.
 * `gatsby develop` serves the same API router (see develop.ts). Each
 * feature writes its handlers; who may call them, the bodies they read and
 * the answer to a method or path no route takes are the table's.
 */
import type { DeliveryKind } from "./outbox/deliveries"
import type http from "http"
import express, { type ErrorRequestHandler, type RequestHandler, type Router } from "express"
import type { Area } from "../admin/roles"
import { siteFacts } from "../config/site-facts"
import { changesFromOwnPages, requireAccount } from "./admin/admin-access"
import { ADMIN_BODY_BYTES } from "./admin/admin-limits"
import { auditRoute } from "./admin/audit-route"
import { dashboardRoute } from "./dashboard/dashboard-route"
import { invitationRoutes } from "./admin/invitation"
import { sessionRoutes } from "./admin/login"
import type { AnnouncementIo } from "./announcements/announcement-service"
import { announcementRoutes } from "./announcements/announcement-routes"
import { StoreUnavailableError, type Db } from "./db/db"
import { getLinkRoute } from "./get-link/get-route"
import { apiFailed, noSuchApiRoute } from "./http/api-failures"
import { sendJson } from "./http/answers"
import { identifyClients } from "./http/client-address"
import { BODIES_IN_FLIGHT_BUDGET, readBody } from "./http/read-body"
import { InFlightBytes } from "./http/in-flight-bytes"
import { staticSite } from "./http/static-site"
import type { Logger } from "./observability/logger"
import type { RequestObserver } from "./observability/observe-requests"
import { API_PREFIX, pathOf } from "./observability/request-path"
import { peopleRoutes } from "./people/people-routes"
import { PLACE_PATH } from "./referrals/place-link"
import { PLACE_DATA_PATH } from "../waitlist/place-view"
import { referralAdminRoutes } from "./referrals/referral-admin"
import { PERSONAL_LINK_PATH, referralRoutes } from "./referrals/referral-routes"
import type { Settings } from "./settings"
import { LINK_BODY_BYTES, linkRoutes } from "./signup/links-route"
import { MAX_BODY_BYTES, signUpRoutes } from "./signup/sign-up-route"
import type { StoreClickCounter } from "./visits/store-clicks"
import type { Registry } from "prom-client"

/** What the API's handlers work with. */
export type ApiParts = {
  settings: Settings
  db: Db
  log: Logger
  registry: Registry
  /** The time now (tests move it). */
  now: () => Date
  /** Tells the outbox's worker that deliveries of these kinds were queued. */
  queued: (kinds: readonly DeliveryKind[]) => void
  /** What the announcements' operations use (the same the CLI gives them). */
  announcements: AnnouncementIo
  /** The site's own hosts (see siteHostsOf). */
  siteHosts: readonly string[]
  /** Origins allowed besides the request's own host: the site's URL. */
  allowedOrigins: readonly string[]
}

type Method = "GET" | "POST" | "DELETE"

/** Who may call a route: anyone, any account logged in, or an account whose role may use an area of the admin. */
type Who = "anyone" | "account" | Area

/** A group of routes under one path: the most of a body they read, and how they answer a method, a path or a failure no route of theirs takes. */
type RouteGroup = {
  /** The paths of the group: every route's path starts with it. */
  prefix: string
  bodyLimit: number
  /** Admin routes take changes only from the admin's own pages, and check sessions and roles. */
  admin?: boolean
  routes: [Method, string | RegExp, Who, RequestHandler][]
  /** The answer to a method no route of a path takes; by default, a JSON 405 naming those that are. */
  otherMethod?: RequestHandler
  /** The answer to a path under the prefix that no route takes. */
  notFound?: string
  /** The answer to a handler that failed. */
  failed?: ErrorRequestHandler
}

/** The names the metrics and the log give the API's routes (see routeOf): a path under a `name/*` route is counted under it. */
export const API_ROUTE_NAMES: ReadonlySet<string> = new Set([
  "waitlist",
  "waitlist-confirm",
  "waitlist-leave",
  "waitlist-place",
  "waitlist-place/data",
  "admin/*",
])

/**
 * A path and every path under it. A pattern, not a `{/*rest}` parameter:
 * Express decodes parameters before the handler runs and fails on a
 * malformed one, where these handlers read the path as sent and answer it.
 */
const subtree = (path: string) => new RegExp(`^${path}(?:/.*)?$`)

/** The routes of personal links and place pages. */
const referralsOf = (parts: ApiParts) =>
  referralRoutes({
    db: parts.db,
    log: parts.log,
    siteUrl: parts.settings.mail.siteUrl,
    boost: parts.settings.referralBoost,
  })

/** The route table of the API. */
function routeGroups(parts: ApiParts): RouteGroup[] {
  const { db, log, now, queued } = parts
  const signUp = signUpRoutes({
    db,
    settings: parts.settings,
    allowedOrigins: parts.allowedOrigins,
    log,
    registry: parts.registry,
    now,
    queued,
  })
  const session = sessionRoutes({ db, now })
  const invitation = invitationRoutes({ db, now })
  const people = peopleRoutes({ db, now, mailFolder: parts.settings.mail.outboxDir })
  const announcements = announcementRoutes(parts.announcements, log)
  const referrals = referralsOf(parts)
  const referralAdmin = referralAdminRoutes({ db, now, boost: parts.settings.referralBoost })
  const person = subtree("/api/admin/people")
  const announcement = subtree("/api/admin/announcements")
  const adminFailed: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    const cause =
      error instanceof StoreUnavailableError
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error)
    log.error({ reqId: res.locals.requestId, method: req.method, cause }, "admin: a request failed")
    if (res.headersSent) return void res.destroy()
    sendJson(
      res,
      503,
      { error: "The admin is unavailable right now. Please try again in a moment." },
      { "Retry-After": "5" },
    )
  }
  return [
    {
      prefix: "/api/waitlist",
      bodyLimit: MAX_BODY_BYTES,
      routes: [["POST", "/api/waitlist", "anyone", signUp.submit]],
      otherMethod: signUp.otherMethod,
    },
    ...(["confirm", "leave"] as const).map((action): RouteGroup => {
      const link = linkRoutes(action, { db, webhook: parts.settings.mail.webhook, log, now, queued })
      const path = `/api/waitlist-${action}`
      return {
        prefix: path,
        bodyLimit: LINK_BODY_BYTES,
        routes: [
          ["GET", path, "anyone", link.open],
          ["POST", path, "anyone", link.act],
        ],
        otherMethod: link.otherMethod,
      }
    }),
    {
      prefix: PLACE_PATH,
      bodyLimit: LINK_BODY_BYTES,
      routes: [
        ["GET", PLACE_PATH, "anyone", referrals.oldPlaceLink],
        ["GET", PLACE_DATA_PATH, "anyone", referrals.placeData],
      ],
    },
    {
      prefix: "/api/admin/",
      bodyLimit: ADMIN_BODY_BYTES,
      admin: true,
      routes: [
        ["POST", "/api/admin/session", "anyone", session.logIn],
        ["GET", "/api/admin/session", "account", session.whoIsLoggedIn],
        ["DELETE", "/api/admin/session", "account", session.logOut],
        ["POST", "/api/admin/invite", "anyone", invitation.open],
        ["POST", "/api/admin/invite/accept", "anyone", invitation.accept],
        ["GET", "/api/admin/dashboard", "dashboard", dashboardRoute({ db, now, siteHosts: parts.siteHosts })],
        ["GET", "/api/admin/entries", "entries", people.entries],
        ["GET", person, "people", people.exportPerson],
        ["DELETE", person, "people", people.erase],
        ["GET", "/api/admin/audit", "audit", auditRoute({ db })],
        ["GET", "/api/admin/referrals", "referrals", referralAdmin.board],
        ["GET", subtree("/api/admin/referrals/people"), "people", referralAdmin.person],
        ["POST", subtree("/api/admin/referrals/held"), "referral-review", referralAdmin.decide],
        ["GET", announcement, "announcements", announcements.read],
        ["POST", announcement, "announcements", announcements.act],
      ],
      notFound: "There is no such admin route.",
      failed: adminFailed,
    },
  ]
}

/** The JSON 405 of a path whose routes take other methods. */
const methodNotAllowed =
  (methods: string[]): RequestHandler =>
  (_req, res) =>
    sendJson(res, 405, { error: `Use ${methods.join(" or ")} here.` }, { Allow: methods.join(", ") })

/**
 * The router of the API: every route of the table under /api/, with its
 * group's body limit (every body within the server-wide budget of bodies in
 * flight), who may call it, and the answers of its group; any other path
 * under /api/ is a JSON 404, and a handler that fails a JSON 503 with its
 * cause in the log, never a 500.
 */
export function apiRouter(parts: ApiParts): Router {
  const api = express.Router({ caseSensitive: true })
  const budget = new InFlightBytes(BODIES_IN_FLIGHT_BUDGET)
  api.use(identifyClients(parts.settings.trustProxy))
  for (const group of routeGroups(parts)) {
    api.use(group.prefix, readBody(group.bodyLimit, budget))
    const access = group.admin ? [changesFromOwnPages(parts.allowedOrigins)] : []
    for (const path of new Set(group.routes.map(([, path]) => path))) {
      const methods = group.routes.filter(([, routePath]) => routePath === path)
      for (const [method, , who, handle] of methods) {
        const guard = who === "anyone" ? [] : [requireAccount(parts.db, parts.now, who === "account" ? null : who)]
        api[method === "GET" ? "get" : method === "POST" ? "post" : "delete"](path, ...access, ...guard, handle)
      }
      api.all(path, group.otherMethod ?? methodNotAllowed(methods.map(([method]) => method)))
    }
    if (group.notFound) {
      const error = group.notFound
      api.all(`${group.prefix}*rest`, (_req, res) => sendJson(res, 404, { error }))
    }
    if (group.failed) api.use(group.prefix, group.failed)
  }
  api.use(API_PREFIX, noSuchApiRoute)
  api.use(apiFailed(parts.log))
  return api
}

/** What the production server serves besides the API. */
export type SiteParts = {
  /** The project's root, holding `public/` after `gatsby build`. */
  root: string
  /** Headers every response carries (the security headers of gatsby-config). */
  headers: Record<string, string>
  /** Gives each request its id, and counts and logs it once answered (see observeRequests). */
  observer: RequestObserver
  /** Answers the health checks' paths (see healthRoutes). */
  health: RequestHandler
  /**
   * Sees each request of a page or a file, with its path, before it is
   * answered: the counting of visits (see VisitCounter's `observe`). The
   * API's and the health checks' requests never reach it.
   */
  pageRequests?: (req: http.IncomingMessage, res: http.ServerResponse, path: string) => void
  /** Counts the browsers `/get` sends to a store (see StoreClickCounter); none when counting is off. */
  storeClicks?: StoreClickCounter | null
}

/**
 * The production server's application: the site's headers on every
 * response, each request observed (its id, log line and metrics), the
 * health checks, the API, the counting of visits, `/get`'s redirects to
 * the stores, and the built site.
 * @throws Error when there is no build to serve
 */
export function createApp(parts: ApiParts, site: SiteParts): express.Express {
  const app = express()
  // Production mode whatever NODE_ENV says: express's development mode answers errors with stack traces.
  app.set("env", "production")
  app.set("case sensitive routing", true)
  app.disable("x-powered-by")
  app.disable("etag")
  app.set("trust proxy", false)
  const everyResponse = Object.entries(site.headers)
  app.use((_req, res, next) => {
    for (const [name, value] of everyResponse) res.setHeader(name, value)
    next()
  })
  app.use(site.observer.middleware)
  app.use(site.health)
  app.use(apiRouter(parts))
  app.get(PERSONAL_LINK_PATH, referralsOf(parts).personalLink)
  const { pageRequests } = site
  if (pageRequests) {
    app.use((req, res, next) => {
      pageRequests(req, res, pathOf(req.url))
      next()
    })
  }
  // After the counting of visits: a phone's redirect is a view of /get too.
  app.use(getLinkRoute({ facts: siteFacts, ownHosts: parts.siteHosts, clicks: site.storeClicks ?? null }))
  app.use(staticSite(site.root, parts.log, parts.now))
  return app
}
