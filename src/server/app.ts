/**
 * The site's HTTP application, on Express 5: every route of the server in
 * one table (method, path, who may call it), and, on the production
 * server, the health checks, the counting of visits and the built site
 * around it. `gatsby develop` mounts the same router (see develop.ts).
 * Each feature writes its handlers; who may call them, the bodies they
 * read and the answers to a method, a path or a failure no route takes
 * are the table's.
 */
import type { DeliveryKind } from "./outbox/deliveries"
import type http from "http"
import express, { type ErrorRequestHandler, type RequestHandler, type Router } from "express"
import type { Area } from "../admin-api/roles"
import { siteFacts } from "../config/site-facts"
import { mailServerCheck } from "./addresses/mail-servers"
import { changesFromOwnPages, requireAccount } from "./admin/admin-access"
import { ADMIN_BODY_BYTES } from "./admin/admin-limits"
import { auditRoute } from "./admin/audit-route"
import { dashboardRoute } from "./dashboard/dashboard-route"
import { invitationRoutes } from "./admin/invitation"
import { sessionRoutes } from "./admin/login"
import type { AnnouncementIo } from "./announcements/announcement-service"
import { announcementRoutes } from "./announcements/announcement-routes"
import type { SequenceIo } from "./sequences/sequence-service"
import { sequenceRoutes } from "./sequences/sequence-routes"
import { StoreUnavailableError, type Db } from "./db/db"
import { getLinkRoute } from "./get-link/get-route"
import { apiFailed, noSuchApiRoute } from "./http/api-failures"
import { sendJson } from "./http/answers"
import { identifyClients } from "./http/client-address"
import type { SiteHeaders } from "./http/headers-by-path"
import { BODIES_IN_FLIGHT_BUDGET, readBody } from "./http/read-body"
import { InFlightBytes } from "./http/in-flight-bytes"
import { staticSite } from "./http/static-site"
import { onUndecodablePath } from "./http/undecodable-path"
import type { Logger } from "./observability/logger"
import type { RequestObserver } from "./observability/observe-requests"
import { API_PREFIX, pathOf } from "./observability/request-path"
import { peopleRoutes } from "./people/people-routes"
import { PLACE_PATH } from "./referrals/place-link"
import { PLACE_DATA_PATH, PLACE_STORE_PATH } from "../waitlist/place-view"
import { referralAdminRoutes } from "./referrals/referral-admin"
import { referralReviewRoutes } from "./referrals/referral-review"
import { referralRoutes } from "./referrals/referral-routes"
import { rewardsAdminRoute } from "./rewards/rewards-admin-route"
import { rewardsViewOf } from "./rewards/reward-view"
import { storeChoiceRoute } from "./rewards/store-choice-route"
import { linkRateLimit } from "./rate-limits/link-rate-limit"
import type { Settings } from "./settings"
import { LINK_BODY_BYTES, linkRoutes } from "./signup/links-route"
import { MAX_BODY_BYTES, signUpRoutes } from "./signup/sign-up-route"
import type { StoreClickCounter } from "./visits/store-clicks"
import type { Registry } from "prom-client"

/** What the route table's handlers work with. */
export type RouteParts = {
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
  /** What the sequences' operations use (the same the CLI gives them). */
  sequences: SequenceIo
  /** The site's own hosts (see siteHostsOf). */
  siteHosts: readonly string[]
  /** Origins allowed besides the request's own host: the site's URL. */
  allowedOrigins: readonly string[]
  /** Counts the browsers `/get` sends to a store; null when nothing is counted. */
  storeClicks: StoreClickCounter | null
}

type Method = "GET" | "POST" | "DELETE"

/** Who may call a route: anyone, any account logged in, or an account whose role may use an area of the admin. */
type Who = "anyone" | "account" | Area

/** A group of routes under one path: the most of a body they read, and how they answer what no route of theirs takes. */
type RouteGroup = {
  /** Where the group's paths begin: every route's path starts with it. */
  prefix: string
  /** The most of a body its routes read; none: they read no body. */
  bodyLimit?: number
  /** Admin routes take changes only from the admin's own pages, and check sessions and roles. */
  admin?: boolean
  routes: [Method, string, Who, RequestHandler][]
  /** The answer to a method no route of a path takes: by default a JSON 405 naming those that are; `onward` leaves it to the site's pages. */
  otherMethod?: RequestHandler | "onward"
  /** The answer to a path under the prefix that no route takes. */
  notFound?: string
  /** The answer to a path whose parameters are not percent-encoded properly. */
  malformed?: RequestHandler
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
  "waitlist-place/store",
  "admin/*",
])

/** The admin's answer to a handler that failed: a JSON 503, its cause in the log. */
const adminFailed =
  (log: Logger): ErrorRequestHandler =>
  (error: unknown, req, res, _next) => {
    const cause =
      error instanceof StoreUnavailableError
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error)
    log.error({ reqId: res.locals.requestId, method: req.method, cause }, "admin: a request failed")
    if (res.headersSent) return void res.destroy()
    const error503 = "The admin is unavailable right now. Please try again in a moment."
    sendJson(res, 503, { error: error503 }, { "Retry-After": "5" })
  }

/** The route table of the site server: the API, the admin, the pages of the mails' links, personal links and `/get`. */
function routeGroups(parts: RouteParts): RouteGroup[] {
  const { db, log, now, queued, settings } = parts
  const signUp = signUpRoutes({
    db,
    settings,
    allowedOrigins: parts.allowedOrigins,
    log,
    registry: parts.registry,
    now,
    queued,
    mailServer: mailServerCheck(settings.dnsServers),
  })
  const session = sessionRoutes({ db, now })
  const invitation = invitationRoutes({ db, now })
  const people = peopleRoutes({ db, now, mailFolder: settings.mail.outboxDir })
  const announcement = announcementRoutes(parts.announcements, log)
  const sequence = sequenceRoutes(parts.sequences, log)
  const linksLimit = linkRateLimit({ db, log, now, limit: settings.linkRateLimit })
  const referrals = referralRoutes({
    db,
    log,
    siteUrl: settings.mail.siteUrl,
    boost: settings.referralBoost,
    retryAfterOf: linksLimit,
    rewardsOf: (on, entry) => rewardsViewOf(on, settings.rewards.file, entry),
  })
  const storeChoice = storeChoiceRoute({
    db,
    mail: settings.mail,
    rewardsFile: settings.rewards.file,
    now,
    retryAfterOf: linksLimit,
    queued,
  })
  const referralAdmin = referralAdminRoutes({ db, boost: settings.referralBoost })
  const review = referralReviewRoutes({ db, now })
  const rewardsAdmin = rewardsAdminRoute({ db, rewardsFile: settings.rewards.file })
  const getLink = getLinkRoute({ facts: siteFacts, ownHosts: parts.siteHosts, clicks: parts.storeClicks })
  return [
    {
      prefix: "/api/waitlist",
      bodyLimit: MAX_BODY_BYTES,
      routes: [["POST", "/api/waitlist", "anyone", signUp.submit]],
      otherMethod: signUp.otherMethod,
    },
    ...(["confirm", "leave"] as const).map((action): RouteGroup => {
      const link = linkRoutes(action, { db, webhook: settings.mail.webhook, log, now, queued })
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
        ["POST", PLACE_STORE_PATH, "anyone", storeChoice],
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
        ["GET", "/api/admin/people/:address", "people", people.exportPerson],
        ["DELETE", "/api/admin/people/:address", "people", people.erase],
        ["GET", "/api/admin/audit", "audit", auditRoute({ db })],
        ["GET", "/api/admin/referrals", "referrals", referralAdmin.board],
        ["GET", "/api/admin/referrals/people/:address", "people", referralAdmin.person],
        ["POST", "/api/admin/referrals/held/:id", "referral-review", review.decideOne],
        ["POST", "/api/admin/referrals/referrers/:id/held", "referral-review", review.decideAllOf],
        ["GET", "/api/admin/rewards", "referrals", rewardsAdmin],
        ["GET", "/api/admin/announcements", "announcements", announcement.list],
        ["GET", "/api/admin/announcements/:name", "announcements", announcement.summary],
        ["GET", "/api/admin/announcements/:name/audience", "announcements", announcement.audience],
        ["GET", "/api/admin/announcements/:name/preview/:lang", "announcements", announcement.preview],
        ["POST", "/api/admin/announcements/:name/test", "announcements", announcement.test],
        ["POST", "/api/admin/announcements/:name/send", "announcements", announcement.send],
        ["POST", "/api/admin/announcements/:name/pause", "announcements", announcement.pause],
        ["POST", "/api/admin/announcements/:name/resume", "announcements", announcement.resume],
        ["GET", "/api/admin/sequences", "sequences", sequence.list],
        ["GET", "/api/admin/sequences/:name/preview/:lang", "sequences", sequence.preview],
        ["POST", "/api/admin/sequences/:name/test", "sequences", sequence.test],
      ],
      notFound: "There is no such admin route.",
      malformed: (_req, res) =>
        sendJson(res, 400, { error: "The path is not percent-encoded properly: encode each part once, as UTF-8." }),
      failed: adminFailed(log),
    },
    {
      prefix: "/r/",
      routes: [["GET", "/r/:code", "anyone", referrals.personalLink]],
      otherMethod: "onward",
      malformed: referrals.noSuchCode,
    },
    ...["/get", "/:lang/get"].map((path): RouteGroup => ({
      prefix: path,
      routes: [["GET", path, "anyone", getLink]],
      otherMethod: "onward",
    })),
  ]
}

/** The JSON 405 of a path whose routes take other methods. */
const methodNotAllowed =
  (methods: string[]): RequestHandler =>
  (_req, res) =>
    sendJson(res, 405, { error: `Use ${methods.join(" or ")} here.` }, { Allow: methods.join(", ") })

/**
 * The router of the route table: each group's routes behind its body limit
 * (within the budget of all bodies in flight) and who may call them, and
 * its answers. An API handler that fails is a JSON 503, never a 500; what
 * the table does not take goes on. `observe` observes the table's requests
 * where nothing else does (develop).
 */
export function siteRouter(parts: RouteParts, { observe }: { observe?: RequestHandler } = {}): Router {
  const router = express.Router({ caseSensitive: true })
  const budget = new InFlightBytes(BODIES_IN_FLIGHT_BUDGET)
  const watch = observe ? [observe] : []
  router.use(API_PREFIX, ...watch, identifyClients(parts.settings.trustProxy))
  // A personal link's client, for its rate limit.
  router.use("/r/", identifyClients(parts.settings.trustProxy))
  for (const group of routeGroups(parts)) {
    const before = [...watch, ...(group.bodyLimit ? [readBody(group.bodyLimit, budget)] : [])]
    if (before.length > 0) router.use(group.prefix, ...before)
    const access = group.admin ? [changesFromOwnPages(parts.allowedOrigins)] : []
    for (const path of new Set(group.routes.map(([, path]) => path))) {
      const methods = group.routes.filter(([, routePath]) => routePath === path)
      for (const [method, , who, handle] of methods) {
        const guard = who === "anyone" ? [] : [requireAccount(parts.db, parts.now, who === "account" ? null : who)]
        router[method === "GET" ? "get" : method === "POST" ? "post" : "delete"](path, ...access, ...guard, handle)
      }
      if (group.otherMethod !== "onward")
        router.all(path, group.otherMethod ?? methodNotAllowed(methods.map(([method]) => method)))
    }
    if (group.notFound) {
      const error = group.notFound
      router.all(`${group.prefix}*rest`, (_req, res) => sendJson(res, 404, { error }))
    }
    if (group.malformed) router.use(group.prefix, onUndecodablePath(group.malformed))
    if (group.failed) router.use(group.prefix, group.failed)
  }
  router.use(API_PREFIX, ...watch, noSuchApiRoute)
  router.use(API_PREFIX, apiFailed(parts.log))
  // A path no route could decode goes on, as any path the table does not take.
  router.use(onUndecodablePath((_req, _res, next) => next()))
  return router
}

/** What the production server serves besides the route table. */
export type SiteParts = {
  /** The project's root, holding `public/` after `gatsby build`. */
  root: string
  /** The headers of each response by its path (the security headers of gatsby-config). */
  headers: SiteHeaders
  /** Gives each request its id, and counts and logs it once answered (see observeRequests). */
  observer: RequestObserver
  /** Answers the health checks' paths (see healthRoutes). */
  health: RequestHandler
  /**
   * Sees each request but the API's and the health checks', with its
   * path, before it is answered: the counting of visits (see
   * VisitCounter's `observe`).
   */
  pageRequests?: (req: http.IncomingMessage, res: http.ServerResponse, path: string) => void
}

/**
 * The production server's application: the site's headers on every
 * response (by its path), each request observed (its id, log line and metrics), the
 * health checks, the counting of visits, the route table, and the built
 * site.
 * @throws Error when there is no build to serve
 */
export function createApp(parts: RouteParts, site: SiteParts): express.Express {
  const app = express()
  // Production mode whatever NODE_ENV says: express's development mode answers errors with stack traces.
  app.set("env", "production")
  app.set("case sensitive routing", true)
  app.disable("x-powered-by")
  app.disable("etag")
  app.set("trust proxy", false)
  app.use((req, res, next) => {
    for (const [name, value] of Object.entries(site.headers.at(pathOf(req.url)))) res.setHeader(name, value)
    next()
  })
  app.use(site.observer.middleware)
  app.use(site.health)
  const { pageRequests } = site
  if (pageRequests) {
    app.use((req, res, next) => {
      const path = pathOf(req.url)
      if (!path.startsWith(API_PREFIX)) pageRequests(req, res, path)
      next()
    })
  }
  app.use(siteRouter(parts))
  app.use(staticSite(site.root, parts.log, parts.now))
  return app
}
