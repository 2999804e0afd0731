import type { IncomingMessage, ServerResponse } from "http"
import { InFlightBytes } from "../in-flight-bytes"
import type { Logger } from "../observability/logger"
import { BodyTooLargeError, discardRest, readRawBody, ServerBusyError } from "../read-raw-body"
import { trimTrailingSlashes } from "../../routing/trim-slashes"
import { lightRequest, sendWebResponse } from "./node-adapter"
import type { ApiRoute } from "./web-handler"

/** What all the request bodies the server holds at once may weigh together. */
export const BODIES_IN_FLIGHT_BUDGET = 8 * 1024 * 1024

/** The prefix of every route of the API. */
export const API_PREFIX = "/api/"

const jsonError = (res: ServerResponse, status: number, error: string, headers: Record<string, string> = {}) =>
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers }).end(JSON.stringify({ error }))

/**
 * Serves the API's Web-standard handlers under /api/ (a route named
 * `name/*` takes every path under /api/name/) straight on Node's
 * HTTP server, without express's router and middleware, which cost more
 * than the waitlist's own work on every sign-up. The body is read up to
 * the route's own limit and within the server-wide budget before the
 * handler sees it. A handler that throws or rejects gets a JSON 503 and
 * its error in the log, never a 500. `requestId` is the request's id in
 * the log (see requestIdOf), handed to the handler.
 */
export function serveApi(routes: ReadonlyMap<string, ApiRoute>, log: Logger, budget = new InFlightBytes(BODIES_IN_FLIGHT_BUDGET)) {
  return async (req: IncomingMessage, res: ServerResponse, requestId?: string): Promise<void> => {
    const url = req.url ?? "/"
    const end = url.indexOf("?")
    const name = trimTrailingSlashes(url.slice(API_PREFIX.length, end === -1 ? undefined : end))
    const slash = name.indexOf("/")
    const route = routes.get(name) ?? (slash > 0 ? routes.get(`${name.slice(0, slash)}/*`) : undefined)
    if (!route) return void jsonError(res, 404, "There is no such API route.")
    let held
    try {
      held = await readRawBody(req, route.bodyLimit, budget)
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        discardRest(req)
        return void jsonError(res, 413, "The body is larger than this route accepts.")
      }
      if (error instanceof ServerBusyError) return void jsonError(res, 503, "The server is busy. Please try again in a moment.", { Connection: "close", "Retry-After": "5" })
      return void jsonError(res, 400, "The body could not be read.")
    }
    try {
      await sendWebResponse(res, await route.handle(lightRequest(req, held.body), { remoteAddress: req.socket.remoteAddress, requestId }))
    } catch (error) {
      log.error({ reqId: requestId, route: name, cause: error instanceof Error ? (error.stack ?? error.message) : String(error) }, "api: a handler failed")
      if (!res.headersSent) jsonError(res, 503, "The service is unavailable right now. Please try again later.")
      else res.destroy()
    } finally {
      held.release()
    }
  }
}
