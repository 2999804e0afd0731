/**
 * @jest-environment node
 */
import { headersForEveryResponse } from "../http/headers-for-every-response"

describe("headersForEveryResponse", () => {
  it("turns the declaration for every path into the headers the server sets", () => {
    const declared = [
      {
        source: "/*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "no-referrer" },
        ],
      },
    ]
    expect(headersForEveryResponse(declared)).toEqual({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    })
  })

  it("sets nothing when gatsby-config declares no headers", () => {
    expect(headersForEveryResponse(undefined)).toEqual({})
  })

  it("refuses headers for narrower paths rather than silently not sending them", () => {
    const declared = [{ source: "/contact", headers: [{ key: "X-Test", value: "1" }] }]
    expect(() => headersForEveryResponse(declared)).toThrow(
      'gatsby-config declares headers for /contact; the site server only sends those of "/*"',
    )
  })
})
