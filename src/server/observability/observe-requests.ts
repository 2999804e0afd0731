import type { IncomingMessage, ServerResponse } from "http"
import { performance } from "perf_hooks"
import type { RequestHandler } from "express"
import { trimTrailingSlashes } from "../../routing/trim-slashes"
import { HEALTH_PATHS } from "./health-routes"
import { API_PREFIX, pathOf } from "./request-path"
import type { Logger } from "./logger"
import type { Metrics } from "./metrics"
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id"

declare global {
  namespace Express {
    interface Locals {
      /** The request's id in the log and in X-Request-Id (see requestIdOf). */
      requestId: string
    }
  }
}

/** The most of a path a log line keeps: enough for every page of the site, not for a flood's megabytes. */
const LOGGED_PATH_CHARS = 200

/** The route of the API a path under /api/ names: its own name, or `name/*` for a path under a route that takes every path below it (see apiRoutes); null for none. */
function apiRouteOf(path: string, apiRoutes: ReadonlySet<string>): string | null {
  const name = trimTrailingSlashes(path.slice(API_PREFIX.length))
  if (apiRoutes.has(name)) return name
  const slash = name.indexOf("/")
  return slash > 0 && apiRoutes.has(`${name.slice(0, slash)}/*`) ? `${name.slice(0, slash)}/*` : null
}

/**
 * The path as a log line keeps it: under a route that takes every path
 * below it, only its first part below the route (`/api/admin/people/…`),
 * since the rest can name a person (an address); elsewhere the path, cut
 * at LOGGED_PATH_CHARS.
 */
export function loggedPath(path: string, apiRoutes: ReadonlySet<string>): string {
  const route = path.startsWith(API_PREFIX) ? apiRouteOf(path, apiRoutes) : null
  if (route?.endsWith("/*")) {
    const base = `${API_PREFIX}${route.slice(0, -1)}`
    const rest = path.slice(base.length)
    const slash = rest.indexOf("/")
    return slash === -1
      ? path.slice(0, base.length + Math.min(rest.length, 40))
      : `${base}${rest.slice(0, Math.min(slash, 40))}/…`
  }
  return path.length > LOGGED_PATH_CHARS ? `${path.slice(0, LOGGED_PATH_CHARS)}…` : path
}

/**
 * Whether a path names one of the site's HTML pages rather than a file: its
 * last segment has no extension, or is `.html`. The one test of what a page
 * is, for the metrics' routes (see routeOf) and the counting of visits.
 */
export function isPagePath(path: string): boolean {
  const last = path.slice(path.lastIndexOf("/") + 1)
  return !last.includes(".") || last.endsWith(".html")
}

/**
 * The route a request is counted under: a few names fixed here (`healthz`,
 * `readyz`, `api/<name>`, `api/unknown`, `not_found`, `page`, `asset`),
 * never the path, so a flood of made-up paths adds no series.
 */
export function routeOf(path: string, status: number, apiRoutes: ReadonlySet<string>): string {
  if (path === HEALTH_PATHS.live) return "healthz"
  if (path === HEALTH_PATHS.ready) return "readyz"
  if (path.startsWith(API_PREFIX)) {
    const route = apiRouteOf(path, apiRoutes)
    return route === null ? "api/unknown" : `api/${route.replace(/\/\*$/, "")}`
  }
  if (status === 404) return "not_found"
  return isPagePath(path) ? "page" : "asset"
}

export type RequestObserverOptions = {
  log: Logger
  metrics: Metrics
  /** The names of the API's routes (see apiRoutes). */
  apiRoutes: ReadonlySet<string>
}

/**
 * Gives each request its id (`X-Request-Id`, kept when valid), and once it
 * is answered counts it and writes one log line; the health checks' lines
 * are at `debug`, so a load balancer's probes do not fill the log.
 */
export function observeRequests({ log, metrics, apiRoutes }: RequestObserverOptions) {
  const answering = new Set<ServerResponse>()
  let closing = false
  /** Observes a request whose path (see pathOf) the caller has read already; returns its id. */
  const observe = (req: IncomingMessage, res: ServerResponse, path: string): string => {
    const started = performance.now()
    const requestId = requestIdOf(req.headers[REQUEST_ID_HEADER])
    res.setHeader("X-Request-Id", requestId)
    if (closing) res.setHeader("Connection", "close")
    answering.add(res)
    res.once("close", () => {
      answering.delete(res)
      const ms = performance.now() - started
      const status = res.statusCode
      const route = routeOf(path, status, apiRoutes)
      const labels = { route, status: String(status) }
      metrics.httpRequests.inc(labels)
      metrics.httpDuration.observe(labels, ms / 1000)
      const level = route === "healthz" || route === "readyz" ? "debug" : "info"
      if (!log.isLevelEnabled(level)) return
      const line = {
        reqId: requestId,
        method: req.method,
        path: loggedPath(path, apiRoutes),
        status,
        route,
        ms: Math.round(ms * 10) / 10,
        ...(res.writableFinished ? {} : { aborted: true }),
      }
      log[level](line, "request")
    })
    return requestId
  }
  return {
    observe,
    /** The middleware that observes a request, once however many routes it passes, and keeps its id in `res.locals.requestId`. */
    middleware: ((req, res, next) => {
      res.locals.requestId ??= observe(req, res, pathOf(req.url))
      next()
    }) as RequestHandler,
    /** How many requests are being answered. */
    inFlight: () => answering.size,
    /**
     * From now on, every answer not yet begun says `Connection: close`, so
     * its client opens no further request on that connection (a shutdown).
     */
    lastAnswers() {
      closing = true
      for (const res of answering) if (!res.headersSent) res.setHeader("Connection", "close")
    },
  }
}

export type RequestObserver = ReturnType<typeof observeRequests>
