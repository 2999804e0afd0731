import fc from "fast-check"
import { parseCsv } from "../../testing/parse-csv"
import { csvField, entriesToCsv } from "../entries-to-csv"
import type { WaitlistEntry } from "../waitlist-store"

const entry = (fields: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  name: "Ana",
  email: "ana@example.com",
  message: "Hola",
  metadata: { language: "es" },
  createdAt: "2025-06-01T10:00:00.000Z",
  updatedAt: "2025-06-02T11:30:00.000Z",
  ...fields,
})

describe("csvField", () => {
  it("leaves plain text as it is", () => {
    expect(csvField("Ana María")).toBe("Ana María")
    expect(csvField("")).toBe("")
  })

  it("quotes a field holding a comma, a quote, CR or LF, doubling its quotes", () => {
    expect(csvField("Hello, world")).toBe('"Hello, world"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField("line 1\nline 2")).toBe('"line 1\nline 2"')
    expect(csvField("line 1\r\nline 2")).toBe('"line 1\r\nline 2"')
  })

  it.each([
    ["=1+1", "'=1+1"],
    ["+1", "'+1"],
    ["-1", "'-1"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", '"\'\rcmd"'],
  ])("prefixes %j with ' so a spreadsheet never runs it", (value, field) => {
    expect(csvField(value)).toBe(field)
  })

  it("defuses and quotes a formula that holds quotes", () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"')
  })

  it("leaves a formula character alone when it is not the first", () => {
    expect(csvField("a=b")).toBe("a=b")
    expect(csvField("ana+tag@example.com")).toBe("ana+tag@example.com")
  })
})

describe("entriesToCsv", () => {
  it("writes the header alone, with CRLF, for an empty waitlist", () => {
    expect(entriesToCsv([])).toBe("name,email,message,created_at,updated_at,metadata\r\n")
  })

  it("writes one row per entry, in order, with the metadata as JSON", () => {
    expect(entriesToCsv([entry(), entry({ name: "Bob", email: "bob@example.org", metadata: {} })])).toBe(
      "name,email,message,created_at,updated_at,metadata\r\n" +
        'Ana,ana@example.com,Hola,2025-06-01T10:00:00.000Z,2025-06-02T11:30:00.000Z,"{""language"":""es""}"\r\n' +
        "Bob,bob@example.org,Hola,2025-06-01T10:00:00.000Z,2025-06-02T11:30:00.000Z,{}\r\n",
    )
  })

  it("reads back, field for field, as any text written, with a ' before formula starts", () => {
    const text = fc.string({ unit: "grapheme-composite", maxLength: 20 })
    const risky = fc.oneof(text, fc.constantFrom(",", '"', "\r", "\n", "\r\n", "=", "+", "-", "@", "\t").chain((start) => text.map((rest) => start + rest)))
    fc.assert(
      fc.property(fc.array(fc.record({ name: risky, email: risky, message: risky, note: text }), { maxLength: 5 }), (people) => {
        const entries = people.map(({ name, email, message, note }) => entry({ name, email, message, metadata: { note } }))
        const defused = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value)
        expect(parseCsv(entriesToCsv(entries))).toEqual([
          ["name", "email", "message", "created_at", "updated_at", "metadata"],
          ...entries.map((e) => [defused(e.name), defused(e.email), defused(e.message), e.createdAt, e.updatedAt, JSON.stringify(e.metadata)]),
        ])
      }),
      { numRuns: 300 },
    )
  })
})
