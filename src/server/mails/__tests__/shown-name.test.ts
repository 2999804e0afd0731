/**
 * @jest-environment node
 */
import fc from "fast-check"
import { carriesLinkOrOffer, shownName } from "../shown-name"

describe("the name a mail to a visitor shows", () => {
  it.each([
    "Ana López",
    "Jonas Müller",
    "Chloé Martin",
    "João da Silva",
    "山田 さくら",
    "ジョン・スミス",
    "Mary-Ann O'Neil",
    "J. R. R. Tolkien",
    "Louis XIV",
    "Anna 2",
    "Nguyễn Thị Minh Khai",
    "Ａｎａ",
    "円香",
  ])("shows an ordinary name: %s", (name) => {
    expect(carriesLinkOrOffer(name)).toBe(false)
    expect(shownName(name)).toBe(name)
  })

  it.each([
    ["the issue's offer", "Claim your $1000 prize at www.prize-claim.example/win today"],
    ["a bare domain", "prize-claim.com"],
    ["a domain with a path", "visit bit.ly/win"],
    ["a URL", "https://x.example"],
    ["a scheme alone", "go to ftp://files"],
    ["an address", "ana@example.org"],
    ["a full-width @", "ana＠example"],
    ["a spelled-out @", "ana (at) example"],
    ["a spelled-out dot", "prize [dot] com"],
    ["a dot with spaces", "prize . com"],
    ["spaced-out letters", "w w w . p r i z e . c o m"],
    ["full-width letters", "ｗｗｗ．ｐｒｉｚｅ．ｃｏｍ"],
    ["a Cyrillic о in the top-level domain", "prize.cоm"],
    ["a zero for an o", "prize.c0m"],
    ["a one-dot leader", "prize․com"],
    ["an ideographic full stop", "賞品。com"],
    ["a Japanese top-level domain", "山田.コム"],
    ["zero-width spaces", "prize\u200b.\u200bcom"],
    ["combining marks", "p̶r̶i̶z̶e̶.com"],
    ["a punycode domain", "xn--bcher-kva.xn--p1ai"],
    ["a currency sign", "Win €50"],
    ["a currency code", "50 EUR now"],
    ["a currency name", "win 10 dollars"],
    ["a Japanese amount", "百万円プレゼント"],
    ["a price in yen", "賞金5円"],
    ["three digits", "Call 555"],
    ["a phone number", "+49 30 1234567"],
    ["full-width digits", "当選１２３"],
  ])("leaves out %s: %j", (_, name) => {
    expect(carriesLinkOrOffer(name)).toBe(true)
    expect(shownName(name)).toBeNull()
  })

  it("shows at most 80 characters of a name, on one line", () => {
    expect(shownName(`Ana\nLópez ${"a".repeat(100)}`)).toBe(`Ana López ${"a".repeat(69)}…`)
  })

  it("leaves out, unread, a name longer than any the form takes", () => {
    expect(shownName("a".repeat(401))).toBeNull()
  })

  it("decides any string of up to 400 characters, hostile shapes included, without throwing", () => {
    const pieces = fc.constantFrom(
      ".",
      "。",
      "@",
      "＠",
      "com",
      "xn--",
      "(dot)",
      "1",
      "١",
      "€",
      " ",
      "\u200b",
      "\u0336",
      "ｗ",
      "円",
      "さん",
    )
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string({ maxLength: 5 })), { maxLength: 80 }), (parts) => {
        const name = parts.join("").slice(0, 400)
        expect(typeof carriesLinkOrOffer(name)).toBe("boolean")
      }),
      { numRuns: 500 },
    )
  })
})
