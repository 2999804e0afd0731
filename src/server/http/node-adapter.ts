/**
 * Between Node's HTTP server and the API's Web-standard handlers.
 *
 * Works around the cost of Node 20's fetch classes: a `Request` costs about
 * 25 µs to make and read (an AbortSignal and a body stream each), which on
 * the production server was more than the waitlist's own work per
 * sign-up. The server hands handlers a stand-in with the members they read
 * (see ApiRequest), over the body it has already read; Gatsby's Functions
 * and the tests hand them real Requests, so the handlers are proven on
 * both. Check whether it can go with each Node upgrade: give
 * `standardRequest` to the server instead and compare `npm run bench`'s
 * waitlist figures.
 */
import type { IncomingMessage, ServerResponse } from "http"
import { BufferedResponse } from "./buffered-response"
import type { ApiRequest } from "./web-handler"

/** The stand-in origin of requests' URLs: handlers read only the path and query; the Host header stays the client's own. */
const ORIGIN = "http://site.invalid"

/** Node's own reading of the headers (a repeated Host or Content-Type counts once, as Node decides), as Headers. */
function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of Array.isArray(value) ? value : [value ?? ""]) {
      try {
        headers.append(name, one)
      } catch {
        // A value the Fetch standard refuses (a byte it does not allow) is not the handler's to read.
      }
    }
  }
  return headers
}

/**
 * A real Request for a Node request whose body has been read (Gatsby's
 * Functions, whose express mounts them under /api/* and so hands them a
 * `url` without the path: `originalUrl` keeps it).
 */
export function standardRequest(req: IncomingMessage & { originalUrl?: string }, body: Buffer | undefined): Request {
  const method = req.method ?? "GET"
  const hasBody = body !== undefined && body.length > 0 && method !== "GET" && method !== "HEAD"
  return new Request(ORIGIN + (req.originalUrl ?? req.url ?? "/"), { method, headers: headersOf(req), body: hasBody ? new Uint8Array(body) : undefined })
}

/** The production server's stand-in for a Request whose body has been read: what ApiRequest names, without a signal or a stream. */
export function lightRequest(req: IncomingMessage, body: Buffer): ApiRequest {
  const bytes = body.buffer.slice(body.byteOffset, body.byteOffset + body.length) as ArrayBuffer
  return {
    method: req.method ?? "GET",
    url: ORIGIN + (req.url ?? "/"),
    headers: headersOf(req),
    arrayBuffer: () => Promise.resolve(bytes),
    text: () => Promise.resolve(body.toString("utf8")),
  }
}

/** Writes a Web-standard Response to a Node response, keeping the headers already set on it (the site's own). */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = response instanceof BufferedResponse ? response.heldBytes : Buffer.from(await response.arrayBuffer())
  const cookies = response.headers.getSetCookie()
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.setHeader(name, value)
  })
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies)
  // Sent whole with its length rather than chunked (one write, less for the client to parse); 204 and 304 have no body to measure.
  if (response.status !== 204 && response.status !== 304) res.setHeader("Content-Length", body.length)
  res.writeHead(response.status).end(body)
}
