import type { Response } from "express"

/**
 * Answers with JSON, whole and with its length, never cached: the form of
 * every answer of the API, its errors included (`{"error": "…"}`).
 */
export function sendJson(res: Response, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = Buffer.from(JSON.stringify(body))
  res
    .writeHead(status, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      ...headers,
      "Content-Length": String(text.length),
    })
    .end(text)
}

/** A 422 naming the field that is wrong, as the admin's pages show it under the field. */
export const sendInvalid = (res: Response, error: string, field: string): void =>
  sendJson(res, 422, { error, fields: { [field]: error } })

/** Answers with plain text, never cached (the links of mails, which a person may open without a script). */
export function sendText(res: Response, status: number, text: string, headers: Record<string, string> = {}): void {
  const body = Buffer.from(text)
  res
    .writeHead(status, {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      ...headers,
      "Content-Length": String(body.length),
    })
    .end(body)
}

/** A query parameter as one text (the first when it is repeated), or undefined. */
export function queryParam(req: { query: Record<string, unknown> }, name: string): string | undefined {
  const value = req.query[name]
  const first = Array.isArray(value) ? (value as unknown[])[0] : value
  return typeof first === "string" ? first : undefined
}

/** A parameter of the route's path (`:name`), as Express decoded it, or undefined. */
export function pathParam(
  req: { params: Record<string, string | string[] | undefined> },
  name: string,
): string | undefined {
  const value = req.params[name]
  return typeof value === "string" ? value : undefined
}
