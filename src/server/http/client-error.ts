import http from "http"
import type { Duplex } from "stream"

/** What Node's parser reports, by its error codes, as the status a client should get. */
const STATUS_OF_CODE: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  ERR_HTTP_HEADERS_TIMEOUT: 408,
}

/**
 * The server's 'clientError' listener: for a request Node's parser refuses
 * (malformed, headers too large, too slow) it answers, while the socket can
 * still take an answer, with the status, the site's own headers and a JSON
 * error, instead of Node's bare reply. A socket that is already gone is
 * closed.
 * @param headers the headers every answer of the site carries
 */
export function answerClientError(headers: Record<string, string>) {
  return (error: NodeJS.ErrnoException, socket: Duplex): void => {
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy()
      return
    }
    const status = STATUS_OF_CODE[error.code ?? ""] ?? 400
    const body = JSON.stringify({ error: http.STATUS_CODES[status] ?? "Bad Request" })
    const lines = [
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? "Bad Request"}`,
      ...Object.entries({
        ...headers,
        "Content-Type": "application/json; charset=utf-8",
        "Cache-Control": "no-store",
      }).map(([name, value]) => `${name}: ${value}`),
      `Content-Length: ${Buffer.byteLength(body)}`,
      "Connection: close",
    ]
    socket.end(`${lines.join("\r\n")}\r\n\r\n${body}`)
  }
}
