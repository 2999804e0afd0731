import type { ServerResponse } from "http"
import type { RequestHandler } from "express"
import { pathOf } from "./request-path"
import type { Readiness } from "./readiness"

/** The paths of the health checks, on the site's own port (out of the sitemap: they are no pages). */
export const HEALTH_PATHS = { live: "/healthz", ready: "/readyz" } as const

const answer = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  void res
    .writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers })
    .end(JSON.stringify(body))

/**
 * GET /healthz (the process serves; no database) and GET /readyz (send it
 * visitors, or 503), never cached. Why an instance is not ready stays on
 * the metrics' listener: it would tell anyone when an announcement sends.
 */
export function healthRoutes(readiness: Readiness): RequestHandler {
  return (req, res, next) => {
    const path = pathOf(req.url)
    if (path !== HEALTH_PATHS.live && path !== HEALTH_PATHS.ready) return next()
    if (req.method !== "GET" && req.method !== "HEAD")
      return answer(res, 405, { error: "Only GET and HEAD are allowed here." }, { Allow: "GET, HEAD" })
    if (path === HEALTH_PATHS.live) return answer(res, 200, { live: true })
    void readiness.check().then(
      (report) => answer(res, report.ready ? 200 : 503, { ready: report.ready }),
      () => answer(res, 503, { ready: false }),
    )
  }
}
