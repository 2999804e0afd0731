import { inertText } from "../inert-text"

describe("inertText, which everything the waitlist CLI prints goes through", () => {
  it.each([
    ["a left-to-right and a right-to-left mark", "a\u200Eb\u200Fc", "a\\u200eb\\u200fc"],
    ["the line and paragraph separators", "a\u2028b\u2029c", "a\\u2028b\\u2029c"],
    [
      "tag characters, which carry text no one sees",
      "ok\u{E0001}\u{E0069}\u{E0067}\u{E007F}",
      "ok\\u{e0001}\\u{e0069}\\u{e0067}\\u{e007f}",
    ],
    [
      "zero-width spaces, joiners and the word joiner",
      "a\u200Bb\u200Cc\u200Dd\u2060e\uFEFF",
      "a\\u200bb\\u200cc\\u200dd\\u2060e\\ufeff",
    ],
    [
      "bidirectional embeddings, overrides and isolates",
      "\u202Aa\u202Db\u202Ec\u2066d\u2069",
      "\\u202aa\\u202db\\u202ec\\u2066d\\u2069",
    ],
    ["the Arabic letter mark and the soft hyphen", "a\u061Cb\u00ADc", "a\\u061cb\\u00adc"],
    ["the Hangul filler and a variation selector after a letter", "a\u3164b\uFE0F", "a\\u3164b\\ufe0f"],
    ["controls, carriage returns and escape sequences", "a\u001b[2J\rb\u0085c", "a\\u001b[2J\\u000db\\u0085c"],
    ["a lone surrogate", "a\uD800b", "a\\ud800b"],
  ])("writes out %s as escapes", (_, text, printed) => {
    expect(inertText(text)).toBe(printed)
  })

  it("keeps text, line feeds, tabs, visible spaces and emoji as they are", () => {
    for (const text of ["Ana López", "line 1\n\tline 2", "a\u00A0b\u3000c", "用户 😀", "👩‍💻 ❤️ 👍🏽 👨‍👩‍👧"])
      expect(inertText(text)).toBe(text)
  })
})
