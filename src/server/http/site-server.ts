import http from "http"
import { answerClientError } from "./client-error"
import { oneAnswerAtATime, STALLED_WRITE_MS } from "./pipelined-requests"

/**
 * The site's HTTP server around the app: Node's own limits on slow
 * requests, a stalled connection closed, and a malformed request answered
 * with the site's headers (see answerClientError).
 */
export function siteServer(app: http.RequestListener, headers: Record<string, string>): http.Server {
  const server = http.createServer(oneAnswerAtATime(app))
  server.requestTimeout = 15_000
  server.headersTimeout = 10_000
  // A connection whose reads and writes make no progress (a client that stopped reading) is closed (see STALLED_WRITE_MS).
  server.timeout = STALLED_WRITE_MS
  server.on("clientError", answerClientError(headers))
  return server
}
