import type { IncomingMessage } from "http"

/** The body was longer than the limit; the request has been left unread. */
export class BodyTooLargeError extends Error {}

/**
 * Reads a request's body into a Buffer, giving up as soon as it passes
 * `limit` bytes, so an oversize or endless body costs at most that much memory.
 */
export function readRawBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers["content-length"])
    if (Number.isFinite(declared) && declared > limit) {
      reject(new BodyTooLargeError())
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        request.off("data", onData)
        reject(new BodyTooLargeError())
        return
      }
      chunks.push(chunk)
    }
    request.on("data", onData)
    request.once("end", () => resolve(Buffer.concat(chunks)))
    request.once("error", reject)
    request.once("aborted", () => reject(new Error("the client went away")))
  })
}
