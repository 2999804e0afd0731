import { exceedsJsonDepth } from "../json-depth"

describe("exceedsJsonDepth", () => {
  it("measures arrays and objects alike, at any place in the text", () => {
    expect(exceedsJsonDepth('{"a":{"b":[1]}}', 3)).toBe(false)
    expect(exceedsJsonDepth('{"a":{"b":[[1]]}}', 3)).toBe(true)
    expect(exceedsJsonDepth('[1,[2],{"c":{"d":1}}]', 3)).toBe(false)
    expect(exceedsJsonDepth('[1,[2],{"c":{"d":{"e":1}}}]', 3)).toBe(true)
  })

  it("counts no bracket inside a string, escaped quotes included", () => {
    expect(exceedsJsonDepth('{"name":"[[[[{{{{","message":"\\"[[[[\\\\"}', 1)).toBe(false)
    expect(exceedsJsonDepth('{"a":"\\\\",  "b":[[]]}', 2)).toBe(true)
  })

  it("finds 6,000 nested arrays in a 12 KB body, and a million, in one pass", () => {
    expect(exceedsJsonDepth(`{"metadata":${"[".repeat(6000)}${"]".repeat(6000)}}`, 8)).toBe(true)
    expect(exceedsJsonDepth("[".repeat(1_000_000), 8)).toBe(true)
  })
})
