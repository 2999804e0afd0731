import http from "http"
import type { GatsbyFunctionConfig } from "gatsby"
import { InFlightBytes } from "./in-flight-bytes"
import { trimTrailingSlashes } from "../routing/trim-slashes"
import { BodyTooLargeError, discardRest, readRawBody, ServerBusyError } from "./read-raw-body"

/** The largest body the server hands to a Function that declares no limit of its own (Gatsby's `bodyParser.raw.limit`). */
export const FUNCTION_BODY_LIMIT = 1024 * 1024

/** What all the request bodies the server holds at once may weigh together. */
export const BODIES_IN_FLIGHT_BUDGET = 8 * 1024 * 1024

/** The prefix of every Function's URL. */
export const FUNCTION_PREFIX = "/api/"

const parseCookies = (header: string | undefined): Record<string, string> =>
  Object.fromEntries(
    (header ?? "")
      .split(";")
      .map((pair) => pair.split("="))
      .filter(([name]) => name?.trim())
      .map(([name = "", ...value]) => [name.trim(), decodeCookie(value.join("=").trim())]),
  )

const decodeCookie = (value: string): string => {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/**
 * A request as a Gatsby Function receives it (GatsbyFunctionRequest): Node's
 * own request with the raw body, the query, the route's params (none: our
 * routes are plain file names) and the cookies. Declared as the server's
 * request class, so every request has the same shape from the start
 * (changing an object's prototype per request, as express does, makes Node's
 * HTTP code several times slower).
 */
export class FunctionRequest extends http.IncomingMessage {
  body: Buffer | undefined = undefined
  params: Record<string, string> = {}

  get query(): Record<string, string> {
    return Object.fromEntries(new URL(this.url ?? "/", "http://function.invalid").searchParams)
  }

  get cookies(): Record<string, string> {
    return parseCookies(this.headers.cookie)
  }
}

/** A response with what a Gatsby Function may call besides Node's own methods (GatsbyFunctionResponse). */
export class FunctionResponse extends http.ServerResponse<FunctionRequest> {
  status(code: number): this {
    this.statusCode = code
    return this
  }

  json(value: unknown): this {
    if (!this.hasHeader("Content-Type")) this.setHeader("Content-Type", "application/json; charset=utf-8")
    this.end(JSON.stringify(value))
    return this
  }

  send(body: unknown): this {
    if (body !== null && typeof body === "object" && !Buffer.isBuffer(body)) return this.json(body)
    if (!this.hasHeader("Content-Type")) {
      this.setHeader("Content-Type", Buffer.isBuffer(body) ? "application/octet-stream" : "text/html; charset=utf-8")
    }
    this.end(body === undefined ? undefined : Buffer.isBuffer(body) ? body : String(body))
    return this
  }

  redirect(statusOrUrl: number | string, url?: string): this {
    const [status, location] = typeof statusOrUrl === "number" ? [statusOrUrl, url ?? "/"] : [302, statusOrUrl]
    this.writeHead(status, { Location: location }).end()
    return this
  }
}

export type GatsbyFunction = (req: FunctionRequest, res: FunctionResponse) => unknown

/** A Function of src/api as its module exports it: the handler and Gatsby's optional config. */
export type FunctionModule = { default: GatsbyFunction; config?: GatsbyFunctionConfig }

/**
 * The most a Function reads: the raw body limit of its config, in bytes,
 * never more than FUNCTION_BODY_LIMIT. (Only a number is read: a limit
 * written as text such as "16kb" counts as none.)
 */
export function bodyLimitOf(config: GatsbyFunctionConfig | undefined): number {
  const declared = config?.bodyParser?.raw?.limit
  return typeof declared === "number" && declared >= 0 ? Math.min(declared, FUNCTION_BODY_LIMIT) : FUNCTION_BODY_LIMIT
}

const jsonError = (res: FunctionResponse, status: number, error: string, headers: Record<string, string> = {}) =>
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers }).end(JSON.stringify({ error }))

/**
 * Serves Gatsby Functions under /api/ straight on Node's HTTP server,
 * without express's router and middleware, which cost more than the
 * waitlist's own work on every sign-up. The body is read up to the
 * Function's own limit (see bodyLimitOf) and within the server-wide budget,
 * and handed over raw. The Function's promise is awaited: one that throws
 * or rejects gets a JSON 503 and its error in the log, never a 500.
 */
export function functionRoute(functions: Map<string, FunctionModule>, budget = new InFlightBytes(BODIES_IN_FLIGHT_BUDGET)) {
  return async (req: FunctionRequest, res: FunctionResponse): Promise<void> => {
    const url = req.url ?? "/"
    const end = url.indexOf("?")
    const route = trimTrailingSlashes(url.slice(FUNCTION_PREFIX.length, end === -1 ? undefined : end))
    const fn = functions.get(route)
    if (!fn) return void jsonError(res, 404, "There is no such API route.")
    let release = () => {}
    try {
      const held = await readRawBody(req, bodyLimitOf(fn.config), budget)
      req.body = held.body
      release = held.release
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        discardRest(req)
        return void jsonError(res, 413, "The body is larger than this route accepts.")
      }
      if (error instanceof ServerBusyError) return void jsonError(res, 503, "The server is busy. Please try again in a moment.", { Connection: "close", "Retry-After": "5" })
      return void jsonError(res, 400, "The body could not be read.")
    }
    try {
      await fn.default(req, res)
    } catch (error) {
      console.error(`${FUNCTION_PREFIX}${route} failed:`, error)
      if (!res.headersSent) jsonError(res, 503, "The service is unavailable right now. Please try again later.")
      else res.destroy()
    } finally {
      release()
    }
  }
}
