/**
 * @jest-environment node
 */
import { createLogger, withoutAddresses } from "../logger"
import { capturedLogger, memoryStream } from "../../../../test/support/test-logger"

describe("the server's log", () => {
  it("writes one JSON object a line, with the level's name, an ISO time and the message", () => {
    const { log, text, lines } = capturedLogger("info")
    log.info({ reqId: "r-1", status: 201 }, "request")
    log.debug("not at info")
    expect(text().split("\n").filter(Boolean)).toHaveLength(1)
    expect(lines()[0]).toEqual(
      expect.objectContaining({
        level: "info",
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        msg: "request",
        reqId: "r-1",
        status: 201,
      }),
    )
  })

  it("never writes an address, whether in the message, a field, an error or a list", () => {
    const { log, text } = capturedLogger()
    const error = new Error("550 5.1.1 <ana.garcia@example.com>: Recipient address rejected")
    log.warn(
      {
        cause: "to ana.garcia@example.com failed",
        err: error,
        list: ["bo@example.org"],
        nested: { to: { who: "cy@example.net" } },
      },
      "mail to ana.garcia@example.com failed",
    )
    expect(text()).not.toMatch(/ana\.garcia|bo@|cy@|@example/)
    expect(text()).toContain("550 5.1.1 <[address]>: Recipient address rejected")
  })

  it.each([
    ["ana@example.com", "[address]"],
    ["write to <ana@example.com>, or bo@x.tt.", "write to <[address]>, or [address]"],
    ["postgres://site:secret@db.internal:5432/waitlist", "postgres://site:[address]:5432/waitlist"],
    ["an @ alone, a trailing@ and @leading", "an @ alone, a trailing@ and @leading"],
    ["a@b@c@d", "[address]"],
    ["no at sign at all", "no at sign at all"],
  ])("writes %j as %j", (text, scrubbed) => {
    expect(withoutAddresses(text)).toBe(scrubbed)
  })

  it("takes out addresses from hostile runs of @ and dots in one pass", () => {
    const ats = "@".repeat(200_000)
    expect(withoutAddresses(ats)).toBe(ats)
    expect(withoutAddresses(`x${"@.".repeat(100_000)}y`)).toBe("[address]")
    const many = Array.from({ length: 20_000 }, (_, i) => `p${i}@example.com`).join(" ")
    expect(withoutAddresses(many)).toBe(Array(20_000).fill("[address]").join(" "))
  })

  it("writes readable lines, not JSON, on a terminal, and when asked to", () => {
    for (const [format, isTTY] of [
      ["auto", true],
      ["pretty", false],
    ] as const) {
      const terminal = memoryStream(isTTY)
      createLogger({ level: "info", format }, terminal).info({ reqId: "r-2" }, "Storyling is served")
      const line = terminal.written.join("").replace(/\u001b\[\d+m/g, "")
      expect(line).toMatch(/INFO.*Storyling is served.*r-2/)
      expect(() => JSON.parse(line)).toThrow()
    }
    const pipe = memoryStream(false)
    createLogger({ level: "info", format: "auto" }, pipe).info("served")
    expect(JSON.parse(pipe.written.join(""))).toEqual(expect.objectContaining({ msg: "served" }))
  })
})
