import type { IncomingMessage } from "http"
import type { InFlightBytes } from "./in-flight-bytes"

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
