import http from "http"

/** An answer read off the wire: status, headers and body as text. */
export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; text: string }

type RawRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: Buffer | string }

/**
 * Sends one request exactly as given (any headers, any bytes, a body in one
 * piece) through Node's http client, which, unlike fetch, sets no Origin or
 * Sec-Fetch-* of its own. Rejects when no answer comes within `timeoutMs`.
 */
export function rawRequest(
  baseUrl: string,
  { method = "POST", path = "/api/waitlist", headers = {}, body }: RawRequest,
  timeoutMs = 10_000,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    // A declared length, since Node frames no body of its own for GET and DELETE.
    const length = body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(body)) }
    const request = http.request(
      `${baseUrl}${path}`,
      { method, headers: { ...length, ...headers }, agent: false, timeout: timeoutMs },
      (response) => {
        let text = ""
        response.setEncoding("utf8")
        response.on("data", (chunk: string) => (text += chunk))
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }))
        response.on("error", reject)
      },
    )
    request.on("timeout", () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)))
    request.on("error", reject)
    request.end(body)
  })
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Posts a JSON body the way a slow client does: headers at once, then one byte every `gapMs`. */
export function postByteByByte(baseUrl: string, json: string, gapMs: number): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const bytes = Buffer.from(json)
    const headers = { "Content-Type": "application/json", "Content-Length": String(bytes.length) }
    const request = http.request(`${baseUrl}/api/waitlist`, { method: "POST", headers, agent: false }, (response) => {
      let text = ""
      response.setEncoding("utf8")
      response.on("data", (chunk: string) => (text += chunk))
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }))
    })
    request.on("error", reject)
    request.flushHeaders()
    void (async () => {
      for (const byte of bytes) {
        request.write(Buffer.from([byte]))
        await pause(gapMs)
      }
      request.end()
    })()
  })
}
