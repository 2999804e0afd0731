/**
 * The one reader of request bodies: every route of the API names the most
 * of a body it reads, and all bodies in flight together stay within the
 * server's budget, so no body and no crowd of them grows the process's
 * memory without bound.
 */
import type { IncomingMessage } from "http"
import type { RequestHandler } from "express"
import { sendJson } from "./answers"
import { InFlightBytes } from "./in-flight-bytes"

/** What all the request bodies the server holds at once may weigh together. */
export const BODIES_IN_FLIGHT_BUDGET = 8 * 1024 * 1024

/** The body was longer than the limit; the rest of it has been left unread. */
export class BodyTooLargeError extends Error {}

/** Reading the body would have passed the bytes all requests in flight may hold together. */
export class ServerBusyError extends Error {}

/** A body read into memory, whose bytes stay counted in the budget until `release` is called. */
export type HeldBody = { body: Buffer; release: () => void }

/**
 * Reads a request's body into a Buffer. A declared Content-Length over
 * `limit` is refused before a byte is read, and reading stops as soon as
 * the body passes `limit` or no longer fits the server-wide `budget`, so a
 * body costs at most `limit` bytes and all bodies together at most the budget.
 */
export function readRawBody(request: IncomingMessage, limit: number, budget: InFlightBytes): Promise<HeldBody> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers["content-length"])
    if (Number.isFinite(declared) && declared > limit) {
      reject(new BodyTooLargeError())
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    let settled = false
    const release = () => budget.release(size)
    const fail = (error: Error) => {
      if (settled) return
      settled = true
      request.off("data", onData)
      release()
      size = 0
      reject(error)
    }
    const onData = (chunk: Buffer) => {
      if (size + chunk.length > limit) return fail(new BodyTooLargeError())
      if (!budget.reserve(chunk.length)) return fail(new ServerBusyError())
      size += chunk.length
      chunks.push(chunk)
    }
    request.on("data", onData)
    request.once("end", () => {
      if (settled) return
      settled = true
      resolve({ body: Buffer.concat(chunks, size), release })
    })
    request.once("error", fail)
    request.once("aborted", () => fail(new Error("the client went away")))
    request.once("close", () => {
      if (!request.complete) fail(new Error("the client went away"))
    })
  })
}

/** The most of a refused body the server reads and throws away so the client can read the answer. */
export const DISCARD_LIMIT = 4 * 1024 * 1024

/** How long the server waits for the rest of a refused body before it closes the connection. */
export const LINGER_MS = 5000

/**
 * Reads the rest of a refused body and throws it away, holding no byte of
 * it, then lets the connection be reused. A client that is still sending
 * when the answer comes would otherwise meet a closed socket (EPIPE) and
 * never read the answer. Past `maxBytes` or `maxMs` the socket is closed.
 */
export function discardRest(request: IncomingMessage, maxBytes = DISCARD_LIMIT, maxMs = LINGER_MS): void {
  if (request.complete) return
  let seen = 0
  const close = () => request.socket.destroy()
  const timer = setTimeout(close, maxMs)
  timer.unref()
  const done = () => clearTimeout(timer)
  request.on("data", (chunk: Buffer) => {
    seen += chunk.length
    if (seen > maxBytes) close()
  })
  request.once("end", done)
  request.once("close", done)
  request.resume()
}

/**
 * The middleware of a route that reads a body of at most `limit` bytes:
 * `req.body` becomes its bytes (empty for none), counted in `budget` until
 * the answer is over. Too large: a JSON 413, the rest of the body read and
 * thrown away so the client can read it; over the budget: a JSON 503; a
 * body that cannot be read (the client went away): a JSON 400.
 */
export function readBody(limit: number, budget: InFlightBytes): RequestHandler {
  return (req, res, next) => {
    readRawBody(req, limit, budget).then(
      (held) => {
        res.once("close", held.release)
        req.body = held.body
        next()
      },
      (error: unknown) => {
        if (error instanceof BodyTooLargeError) {
          discardRest(req)
          return sendJson(res, 413, { error: "The body is larger than this route accepts." })
        }
        if (error instanceof ServerBusyError)
          return sendJson(
            res,
            503,
            { error: "The server is busy. Please try again in a moment." },
            { Connection: "close", "Retry-After": "5" },
          )
        sendJson(res, 400, { error: "The body could not be read." })
      },
    )
  }
}
