import { clientAddress, type WaitlistRequest } from "../handle-waitlist-request"

const SOCKET = "10.0.0.5"

const request = (headers: WaitlistRequest["headers"], remoteAddress: string | undefined): WaitlistRequest => ({
  method: "POST",
  headers,
  body: undefined,
  remoteAddress,
})

describe("clientAddress", () => {
  it("is the socket's address when the proxy is not trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress(request({ "x-forwarded-for": "203.0.113.9" }, SOCKET), false)).toBe(SOCKET)
  })

  it("is the address the trusted proxy appended last to X-Forwarded-For", () => {
    expect(clientAddress(request({ "x-forwarded-for": "198.51.100.1, 203.0.113.9" }, SOCKET), true)).toBe("203.0.113.9")
    expect(clientAddress(request({ "x-forwarded-for": "203.0.113.9" }, SOCKET), true)).toBe("203.0.113.9")
  })

  it("falls back to the socket's address when a trusted proxy sent no or an empty X-Forwarded-For", () => {
    expect(clientAddress(request({}, SOCKET), true)).toBe(SOCKET)
    expect(clientAddress(request({ "x-forwarded-for": " " }, SOCKET), true)).toBe(SOCKET)
  })

  it("is 'unknown' when there is no address at all", () => {
    expect(clientAddress(request({}, undefined), false)).toBe("unknown")
  })
})
