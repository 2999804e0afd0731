/**
 * The site's API as Web-standard handlers: a `Request` in, a `Response`
 * out, as Deno.serve, Bun and the WinterCG runtimes take them. The one
 * thing a Request does not carry, the connection's own address (which the
 * rate limit counts), comes beside it, as in Deno.serve's `info`.
 */

import { BufferedResponse } from "./buffered-response"

/** What the connection knows of the client, and the request's id in the log (see requestIdOf). */
export type ClientInfo = { remoteAddress: string | undefined; requestId?: string }

/**
 * What a handler reads of its request: a subset of Request's own members,
 * so any Request will do (Gatsby's Functions and the tests pass real ones;
 * the production server passes a lighter stand-in: see node-adapter).
 */
export type ApiRequest = Pick<Request, "method" | "url" | "headers" | "arrayBuffer" | "text">

/** A handler of one route of /api/. Its promise never rejects. */
export type WebHandler = (request: ApiRequest, client: ClientInfo) => Promise<Response>

/** A route of /api/: its handler, and the most of a body it reads. */
export type ApiRoute = { handle: WebHandler; bodyLimit: number }

/** A JSON answer with the headers every answer of the API carries. */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new BufferedResponse(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers } })

/** Whether a request says its body is JSON (`Content-Type: application/json`, with or without parameters). */
export const isJsonRequest = (headers: Headers): boolean => (headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() === "application/json"
