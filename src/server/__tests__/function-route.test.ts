/**
 * @jest-environment node
 */
import http from "http"
import type { AddressInfo } from "net"
import {
  FUNCTION_BODY_LIMIT,
  FUNCTION_PREFIX,
  FunctionRequest,
  FunctionResponse,
  functionRoute,
  type FunctionModule,
  type GatsbyFunction,
} from "../function-route"
import { InFlightBytes } from "../in-flight-bytes"

/** Functions written against Gatsby's documented request and response helpers. */
const handlers = new Map<string, GatsbyFunction>([
  ["echo", (req, res) => res.status(202).json({ body: req.body?.toString("utf8"), query: req.query, cookies: req.cookies, params: req.params })],
  ["text", (_req, res) => res.send("plain words")],
  ["object", (_req, res) => res.send({ sent: true })],
  ["moved", (_req, res) => res.redirect(301, "/contact")],
  ["found", (_req, res) => res.redirect("/")],
  ["throws", () => {
    throw new Error("the function broke")
  }],
  ["rejects", async () => Promise.reject(new Error("the function broke later"))],
])
/** The same Functions as modules, one of them with a body limit of its own. */
const functions = new Map<string, FunctionModule>([
  ...[...handlers].map(([route, handler]): [string, FunctionModule] => [route, { default: handler }]),
  ["small", { default: (req, res) => res.json({ bytes: req.body?.length }), config: { bodyParser: { raw: { type: "*/*", limit: 1024 } } } }],
])
/** The bytes all bodies in flight may hold together: room for three of the small route's. */
const budget = new InFlightBytes(3 * 1024)

let server: http.Server<typeof FunctionRequest, typeof FunctionResponse>
let base: string
const logged: unknown[][] = []

beforeAll(async () => {
  const serve = functionRoute(functions, budget)
  server = http.createServer<typeof FunctionRequest, typeof FunctionResponse>(
    { IncomingMessage: FunctionRequest, ServerResponse: FunctionResponse },
    (req, res) => void serve(req, res),
  )
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${FUNCTION_PREFIX}`
  jest.spyOn(console, "error").mockImplementation((...args) => void logged.push(args))
})

afterAll(async () => {
  jest.restoreAllMocks()
  await new Promise((resolve) => server.close(resolve))
})

describe("the production server's Function route", () => {
  it("hands a Function the raw body, the query, the cookies and empty params, and sends its status and JSON", async () => {
    const response = await fetch(`${base}echo?lang=es&level=a%202`, {
      method: "POST",
      headers: { cookie: "seen=yes; theme=dark%20mode; broken=%E0%A4%A" },
      body: '{"name":"Ada"}',
    })
    expect(response.status).toBe(202)
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8")
    expect(await response.json()).toEqual({
      body: '{"name":"Ada"}',
      query: { lang: "es", level: "a 2" },
      cookies: { seen: "yes", theme: "dark mode", broken: "%E0%A4%A" },
      params: {},
    })
  })

  it("finds the Function with or without a trailing slash", async () => {
    expect((await fetch(`${base}echo/`, { method: "POST" })).status).toBe(202)
  })

  it("sends text as HTML and objects as JSON through send()", async () => {
    const text = await fetch(`${base}text`)
    expect(text.headers.get("content-type")).toBe("text/html; charset=utf-8")
    expect(await text.text()).toBe("plain words")
    const object = await fetch(`${base}object`)
    expect(await object.json()).toEqual({ sent: true })
  })

  it("redirects with the given status, or 302", async () => {
    const moved = await fetch(`${base}moved`, { redirect: "manual" })
    expect([moved.status, moved.headers.get("location")]).toEqual([301, "/contact"])
    const found = await fetch(`${base}found`, { redirect: "manual" })
    expect([found.status, found.headers.get("location")]).toEqual([302, "/"])
  })

  it("answers an unknown route with a JSON 404", async () => {
    const response = await fetch(`${base}nothing-here?x=1`)
    expect(response.status).toBe(404)
    expect(response.headers.get("cache-control")).toBe("no-store")
    expect(await response.json()).toEqual({ error: "There is no such API route." })
  })

  it("refuses a body over the server's limit with a JSON 413, before reading it", async () => {
    const response = await fetch(`${base}echo`, { method: "POST", body: "x".repeat(FUNCTION_BODY_LIMIT + 1) })
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ error: "The body is larger than this route accepts." })
  })

  it("lets a client still sending a refused 3 MB body finish and read its 413 instead of meeting a closed socket", async () => {
    const answer = await new Promise<{ status?: number; text: string }>((resolve, reject) => {
      const request = http.request(`${base}small`, { method: "POST", headers: { "Content-Length": String(3 * 1024 * 1024) } })
      request.on("error", reject)
      request.on("response", (response) => {
        let text = ""
        response.on("data", (chunk: Buffer) => (text += chunk.toString()))
        const rest = Buffer.alloc(3 * 1024 * 1024 - 1024, "x")
        setTimeout(() => request.end(rest, () => resolve({ status: response.statusCode, text })), 100)
      })
      request.write("x".repeat(1024))
    })
    expect(answer).toEqual({ status: 413, text: JSON.stringify({ error: "The body is larger than this route accepts." }) })
  })

  it("refuses a declared Content-Length over the route's own limit before a byte of the body arrives", async () => {
    const answer = await new Promise<{ status?: number; text: string }>((resolve, reject) => {
      const request = http.request(`${base}small`, { method: "POST", headers: { "Content-Length": "5000" } }, (response) => {
        let text = ""
        response.on("data", (chunk: Buffer) => (text += chunk.toString()))
        response.on("end", () => resolve({ status: response.statusCode, text }))
      })
      request.on("error", reject)
      request.flushHeaders()
    })
    expect(answer).toEqual({ status: 413, text: JSON.stringify({ error: "The body is larger than this route accepts." }) })
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
    expect((await fetch(`${base}small`, { method: "POST", body: "x".repeat(1024) })).status).toBe(200)
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
    const answered = held.map((request) => new Promise<number | undefined>((resolve) => request.on("response", (response) => {
      response.resume()
      resolve(response.statusCode)
    })))
    held.forEach((request) => request.end("x".repeat(24)))
    expect(await Promise.all(answered)).toEqual([200, 200, 200])
    expect(budget.inUse).toBe(0)
    expect((await fetch(`${base}small`, { method: "POST", body: "x".repeat(100) })).status).toBe(200)
  })

  it.each(["throws", "rejects"])("answers a Function that %s with a JSON 503 and logs its error", async (route) => {
    const response = await fetch(`${base}${route}`)
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ error: "The service is unavailable right now. Please try again later." })
    expect(logged.some(([where, error]) => where === `${FUNCTION_PREFIX}${route} failed:` && error instanceof Error)).toBe(true)
  })
})
