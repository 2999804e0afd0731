import { requestIdOf } from "../request-id"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe("a request's id", () => {
  it.each([
    "3f1c2a9e-6b1d-4c55-9a1b-0d2f3e4a5b6c",
    "Root=1-5759e988-bd862e3fe1be46a994272793",
    "lb:42/abc+def",
    "a".repeat(64),
  ])("keeps a valid X-Request-Id, %j", (given) => {
    expect(requestIdOf(given)).toBe(given)
  })

  it.each([
    ["none", undefined],
    ["an empty one", ""],
    ["one too long", "a".repeat(65)],
    ["one with an address", "ana@example.com"],
    ["one with a space", "a b"],
    ["one with a line break", "a\nb"],
    ["one with quotes and markup", '"><script>'],
    ["one with invisible characters", "a\u200bb"],
    ["a repeated header, joined by Node", "a, b"],
    ["a list", ["a", "b"]],
  ])("makes a new one for %s", (_, given) => {
    expect(requestIdOf(given)).toMatch(UUID)
  })
})
