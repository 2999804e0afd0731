import fc from "fast-check"
import { parseCsv } from "../../../../test/support/parse-csv"
import { csvField, entriesToCsv } from "../entries-csv"
import { inertText } from "../inert-text"
import type { WaitlistEntry } from "../../entries/entry-list"

const entry = (fields: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  name: "Ana",
  email: "ana@example.com",
  message: "Hola",
  metadata: { language: "es" },
  createdAt: new Date("2025-06-01T10:00:00.000Z"),
  updatedAt: new Date("2025-06-02T11:30:00.000Z"),
  confirmedAt: null,
  messages: [
    { name: "Ana", message: "Hola", metadata: { language: "es" }, submittedAt: new Date("2025-06-02T11:30:00.000Z") },
  ],
  suppressedAt: null,
  suppressedReason: null,
  place: null,
  referrals: 0,
  referredBy: null,
  ...fields,
})

const HEADER =
  "name,email,message,created_at,updated_at,confirmed_at,metadata,messages,suppressed_at,suppressed_reason,place,referrals,referred_by"

describe("csvField", () => {
  it("leaves plain text as it is", () => {
    expect(csvField("Ana María")).toBe("Ana María")
    expect(csvField("")).toBe("")
  })

  it("quotes a field holding a comma, a quote, CR or LF, doubling its quotes", () => {
    expect(csvField("Hello, world")).toBe('"Hello, world"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField("line 1\nline 2")).toBe('"line 1\nline 2"')
    expect(csvField("line 1, line 2")).toBe('"line 1, line 2"')
  })

  it.each([
    ["=1+1", "'=1+1"],
    ["+1", "'+1"],
    ["-1", "'-1"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    [" =1+1", "' =1+1"],
    ["\u00A0=1+1", "'\u00A0=1+1"],
    ["\n=1+1", `"'\n=1+1"`],
    [" \t @SUM(A1)", "' \t @SUM(A1)"],
    ["\uFF1D1+1", "'\uFF1D1+1"],
  ])("prefixes %j with ' so a spreadsheet never runs it", (value, field) => {
    expect(csvField(value)).toBe(field)
  })

  it("writes out characters a terminal would act on as escapes, and keeps line feeds and tabs", () => {
    expect(csvField("Ana\u001b[2J\u001b[1;1H")).toBe("Ana\\u001b[2J\\u001b[1;1H")
    expect(csvField("evil\u202Etxt.exe")).toBe("evil\\u202etxt.exe")
    expect(csvField("\rcmd")).toBe("\\u000dcmd")
    expect(csvField("a\tb\nc")).toBe('"a\tb\nc"')
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
    expect(entriesToCsv([])).toBe(`${HEADER}\r\n`)
  })

  it("writes one row per entry, in order, with when it was confirmed, the newest message's metadata, every message newest first as JSON, when and why it was suppressed, its place, referrals and referrer", () => {
    const bob = entry({
      place: 12,
      referrals: 3,
      referredBy: "cleo@example.net",
      suppressedAt: new Date("2025-06-05T07:00:00.000Z"),
      suppressedReason: "hard bounce",
      name: "Bob",
      confirmedAt: new Date("2025-06-04T09:00:00.000Z"),
      email: "bob@example.org",
      message: "Again",
      metadata: {},
      messages: [
        { name: "Bobby", message: "Again", metadata: {}, submittedAt: new Date("2025-06-03T08:00:00.000Z") },
        { name: "Bob", message: "First", metadata: {}, submittedAt: new Date("2025-06-01T10:00:00.000Z") },
      ],
    })
    expect(entriesToCsv([entry(), bob])).toBe(
      `${HEADER}\r\n` +
        'Ana,ana@example.com,Hola,2025-06-01T10:00:00.000Z,2025-06-02T11:30:00.000Z,,"{""language"":""es""}",' +
        '"[{""submitted_at"":""2025-06-02T11:30:00.000Z"",""name"":""Ana"",""message"":""Hola""}]",,,,0,\r\n' +
        "Bob,bob@example.org,Again,2025-06-01T10:00:00.000Z,2025-06-02T11:30:00.000Z,2025-06-04T09:00:00.000Z,{}," +
        '"[{""submitted_at"":""2025-06-03T08:00:00.000Z"",""name"":""Bobby"",""message"":""Again""},' +
        '{""submitted_at"":""2025-06-01T10:00:00.000Z"",""name"":""Bob"",""message"":""First""}]",2025-06-05T07:00:00.000Z,hard bounce,12,3,cleo@example.net\r\n',
    )
  })

  it("reads back, field for field, as any text written (what cannot be seen written out), with a ' before formula starts", () => {
    const text = fc.string({ unit: "grapheme-composite", maxLength: 20 })
    const risky = fc.oneof(
      text,
      fc
        .constantFrom(",", '"', "\n", "=", "+", "-", "@", "\t", " =", "\n@")
        .chain((start) => text.map((rest) => start + rest)),
    )
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: risky, email: risky, message: risky, note: text }), { maxLength: 5 }),
        (people) => {
          const entries = people.map(({ name, email, message, note }) =>
            entry({ name, email, message, metadata: { note }, messages: [] }),
          )
          const defused = (value: string) =>
            /^(?:[\t\r]|\s*[=+\-@＝＋－＠])/.test(inertText(value)) ? `'${inertText(value)}` : inertText(value)
          expect(parseCsv(entriesToCsv(entries))).toEqual([
            HEADER.split(","),
            ...entries.map((e) => [
              defused(e.name),
              defused(e.email),
              defused(e.message),
              e.createdAt.toISOString(),
              e.updatedAt.toISOString(),
              "",
              inertText(JSON.stringify(e.metadata)),
              "[]",
              "",
              "",
              "",
              "0",
              "",
            ]),
          ])
        },
      ),
      { numRuns: 300 },
    )
  })
})
