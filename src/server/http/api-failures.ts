import type { ErrorRequestHandler, RequestHandler } from "express"
import type { Logger } from "../observability/logger"
import { API_PREFIX, pathOf } from "../observability/request-path"
import { sendJson } from "./answers"

/** The answer to a path under /api/ that no route takes. */
export const noSuchApiRoute: RequestHandler = (_req, res) =>
  sendJson(res, 404, { error: "There is no such API route." })

/** The answer to a handler of the API that failed (its feature's own answers aside): a JSON 503, never a 500, and its cause in the log. */
export const apiFailed =
  (log: Logger): ErrorRequestHandler =>
  (error: unknown, req, res, _next) => {
    const path = pathOf(req.originalUrl)
    const route = path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) : path
    log.error(
      {
        reqId: res.locals.requestId,
        route,
        cause: error instanceof Error ? (error.stack ?? error.message) : String(error),
      },
      "api: a handler failed",
    )
    if (res.headersSent) return void res.destroy()
    sendJson(res, 503, { error: "The service is unavailable right now. Please try again later." })
  }
