/**
 * @jest-environment node
 */
import http from "http"
import type { AddressInfo } from "net"
import { FUNCTION_BODY_LIMIT, FUNCTION_PREFIX, FunctionRequest, FunctionResponse, functionRoute, type GatsbyFunction } from "../function-route"

/** Functions written against Gatsby's documented request and response helpers. */
const functions = new Map<string, GatsbyFunction>([
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

let server: http.Server<typeof FunctionRequest, typeof FunctionResponse>
let base: string
const logged: unknown[][] = []

beforeAll(async () => {
  const serve = functionRoute(functions)
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
    expect(await response.json()).toEqual({ error: "The body is larger than the server accepts." })
  })

  it.each(["throws", "rejects"])("answers a Function that %s with a JSON 503 and logs its error", async (route) => {
    const response = await fetch(`${base}${route}`)
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ error: "The service is unavailable right now. Please try again later." })
    expect(logged.some(([where, error]) => where === `${FUNCTION_PREFIX}${route} failed:` && error instanceof Error)).toBe(true)
  })
})
