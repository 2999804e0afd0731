/**
 * @jest-environment node
 *
 * The plumbing every route of the API stands on (see siteRouter): one body
 * reader with each route's limit within a budget of all bodies in flight,
 * the client read once, a JSON 404 for a path no route takes, and a JSON
 * 503 for a handler that fails.
 */
import http from "http"
import type { AddressInfo } from "net"
import express, { type RequestHandler } from "express"
import { apiFailed, noSuchApiRoute } from "../api-failures"
import { sendJson } from "../answers"
import { identifyClients } from "../client-address"
import { InFlightBytes } from "../in-flight-bytes"
import { readBody } from "../read-body"
import { capturedLogger, lineMatches } from "../../../../test/support/test-logger"

const LARGE = 64 * 1024
/** The bytes all bodies in flight may hold together: room for three of the small route's. */
const budget = new InFlightBytes(3 * 1024)
const logged = capturedLogger()

const echo: RequestHandler = (req, res) =>
  sendJson(res, 202, {
    method: req.method,
    path: req.path,
    query: req.url.slice(req.url.indexOf("?")),
    body: (req.body as Buffer).toString(),
    cookie: req.headers.cookie,
    client: res.locals.client.ip,
  })

/** Routes as the API's are written: express handlers behind the body reader, in a router as siteRouter makes it. */
function router() {
  const api = express.Router({ caseSensitive: true })
  api.use(identifyClients(false))
  api.use("/api/echo", readBody(LARGE, budget))
  api.post("/api/echo", echo)
  api.get("/api/cookies", (_req, res) => {
    res.setHeader("Set-Cookie", ["a=1; Path=/", "b=2; Path=/"])
    sendJson(res, 200, {})
  })
  api.use("/api/small", readBody(1024, budget))
  api.post("/api/small", (req, res) => sendJson(res, 200, { bytes: (req.body as Buffer).length }))
  api.get("/api/throws", () => {
    throw new Error("the handler broke")
  })
  api.get("/api/rejects", async () => Promise.reject(new Error("the handler broke later")))
  api.get("/api/tree/*rest", (req, res) => sendJson(res, 200, { path: req.path }))
  api.use("/api/", noSuchApiRoute)
  api.use(apiFailed(logged.log))
  return api
}

let server: http.Server
let base: string

beforeAll(async () => {
  const app = express()
  app.use((_req, res, next) => {
    res.locals.requestId = "request-7"
    next()
  })
  app.use(router())
  server = http.createServer(app)
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

const BODY_TOO_LARGE = JSON.stringify({ error: "The body is larger than this route accepts." })

describe("the API's plumbing", () => {
  it("hands a handler the method, the URL with its query, the headers, the body and the client's address, and sends its status, headers and body", async () => {
    const response = await fetch(`${base}echo?lang=es&level=a%202`, {
      method: "POST",
      headers: { cookie: "seen=yes" },
      body: '{"name":"Ada"}',
    })
    expect(response.status).toBe(202)
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8")
    expect(response.headers.get("cache-control")).toBe("no-store")
    expect(await response.json()).toEqual({
      method: "POST",
      path: "/api/echo",
      query: "?lang=es&level=a%202",
      body: '{"name":"Ada"}',
      cookie: "seen=yes",
      client: "127.0.0.1",
    })
  })

  it("sends every cookie a handler sets as its own Set-Cookie header", async () => {
    const response = await fetch(`${base}cookies`)
    expect(response.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"])
  })

  it("finds a route with or without a trailing slash, and in its own case only", async () => {
    expect((await fetch(`${base.replace("/api/", "/API/")}echo`, { method: "POST" })).status).toBe(404)
    expect((await fetch(`${base}echo/`, { method: "POST" })).status).toBe(202)
  })

  it("hands every path under a route named `name/*` to it, and nothing else", async () => {
    for (const path of ["tree/a", "tree/a/b%40c"]) {
      const response = await fetch(`${base}${path}?q=1`)
      expect({ path, status: response.status, body: await response.json() }).toEqual({
        path,
        status: 200,
        body: { path: `/api/${path}` },
      })
    }
    for (const path of ["tree", "tree/", "treex", "treex/a", "tre/a"])
      expect({ path, status: (await fetch(`${base}${path}`)).status }).toEqual({ path, status: 404 })
  })

  it("answers an unknown route with a JSON 404", async () => {
    const response = await fetch(`${base}nothing-here?x=1`)
    expect(response.status).toBe(404)
    expect(response.headers.get("cache-control")).toBe("no-store")
    expect(await response.json()).toEqual({ error: "There is no such API route." })
  })

  it("refuses a body over the route's limit with a JSON 413", async () => {
    const response = await fetch(`${base}echo`, { method: "POST", body: "x".repeat(LARGE + 1) })
    expect(response.status).toBe(413)
    expect(await response.text()).toBe(BODY_TOO_LARGE)
  })

  it("lets a client still sending a refused 3 MB body finish and read its 413 instead of meeting a closed socket", async () => {
    const answer = await new Promise<{ status?: number; text: string }>((resolve, reject) => {
      const request = http.request(`${base}small`, {
        method: "POST",
        headers: { "Content-Length": String(3 * 1024 * 1024) },
      })
      request.on("error", reject)
      request.on("response", (response) => {
        let text = ""
        response.on("data", (chunk: Buffer) => (text += chunk.toString()))
        const rest = Buffer.alloc(3 * 1024 * 1024 - 1024, "x")
        setTimeout(() => request.end(rest, () => resolve({ status: response.statusCode, text })), 100)
      })
      request.write("x".repeat(1024))
    })
    expect(answer).toEqual({ status: 413, text: BODY_TOO_LARGE })
  })

  it("refuses a declared Content-Length over the route's limit before a byte of the body arrives", async () => {
    const answer = await new Promise<{ status?: number; text: string }>((resolve, reject) => {
      const request = http.request(
        `${base}small`,
        { method: "POST", headers: { "Content-Length": "5000" } },
        (response) => {
          let text = ""
          response.on("data", (chunk: Buffer) => (text += chunk.toString()))
          response.on("end", () => resolve({ status: response.statusCode, text }))
        },
      )
      request.on("error", reject)
      request.flushHeaders()
    })
    expect(answer).toEqual({ status: 413, text: BODY_TOO_LARGE })
  })

  it("stops reading a body sent in chunks as soon as it passes the route's limit", async () => {
    const body = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode("x".repeat(500)))
        controller.close()
      },
    })
    const response = await fetch(`${base}small`, { method: "POST", body, duplex: "half" } as RequestInit)
    expect(response.status).toBe(413)
    const exact = await fetch(`${base}small`, { method: "POST", body: "x".repeat(1024) })
    expect(await exact.json()).toEqual({ bytes: 1024 })
  })

  it("refuses a body with a JSON 503 while the bodies in flight fill the server's budget, and takes bodies again once they are answered", async () => {
    const held = Array.from({ length: 3 }, () => {
      const request = http.request(`${base}small`, { method: "POST", headers: { "Content-Length": "1024" } })
      request.write("x".repeat(1000))
      return request
    })
    for (let i = 0; budget.inUse < 3000 && i < 200; i++) await new Promise((resolve) => setTimeout(resolve, 10))
    expect(budget.inUse).toBe(3000)
    const refused = await fetch(`${base}small`, { method: "POST", body: "x".repeat(100) })
    expect(refused.status).toBe(503)
    expect(refused.headers.get("retry-after")).toBe("5")
    expect(await refused.json()).toEqual({ error: "The server is busy. Please try again in a moment." })
    const answered = held.map(
      (request) =>
        new Promise<number | undefined>((resolve) =>
          request.on("response", (response) => {
            response.resume()
            resolve(response.statusCode)
          }),
        ),
    )
    held.forEach((request) => request.end("x".repeat(24)))
    expect(await Promise.all(answered)).toEqual([200, 200, 200])
    expect(budget.inUse).toBe(0)
    expect((await fetch(`${base}small`, { method: "POST", body: "x".repeat(100) })).status).toBe(200)
  })

  it.each(["throws", "rejects"])("answers a handler that %s with a JSON 503 and logs its error", async (route) => {
    const response = await fetch(`${base}${route}`)
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ error: "The service is unavailable right now. Please try again later." })
    expect(
      logged.lines().some((line) =>
        lineMatches(line, {
          level: "error",
          msg: "api: a handler failed",
          route,
          reqId: "request-7",
          cause: /^Error: the handler broke/,
        }),
      ),
    ).toBe(true)
  })
})
