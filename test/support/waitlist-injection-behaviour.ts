import { inertText } from "../../src/server/cli/inert-text"
import { runWaitlistCommand } from "../../src/server/cli/waitlist-commands"
import { openDbOf } from "./waitlist-store-access"
import { parseCsv } from "./parse-csv"
import type { RobustnessBackend } from "./waitlist-fuzz-behaviour"
import { entryFor, expectJsonError, postJson, storedEntries } from "./waitlist-api-client"
import { useSiteServers, type SiteUnderTest } from "./waitlist-api-servers"

/** Text that would do harm if a layer executed it instead of keeping it. */
const PAYLOADS = [
  "Robert'); DROP TABLE waitlist_entries;--",
  "' OR '1'='1' --",
  '"; DELETE FROM waitlist_entries; SELECT "',
  "1; UPDATE waitlist_entries SET email = 'x'",
  "<script>alert(document.cookie)</script>",
  "</textarea><img src=x onerror=alert(1)>",
  '=HYPERLINK("http://evil.example","click")',
  "+SUM(1+1)*cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)",
  " =1+1",
  "right\u202eto\u200bleft\ufeff",
  "${7*7}{{7*7}}%s%n",
]
/** Messages are kept as typed (line breaks as line feeds), so they may also begin with the tab and line breaks that spreadsheets skip or run. */
const MESSAGES = [...PAYLOADS, "\t=1+1", "\r=1+1", "\n@SUM(1)", 'line\r\nbreak,"quoted"']
/** Addresses are one addr-spec each (quotes, brackets and semicolons are refused), but an addr-spec's atoms still hold quotes, equals signs and pipes. */
const EMAILS = ["o'brien+x@example.com", "'OR'1'='1'--@example.com", "=cmd|'/C_calc'!A0@example.com"]
/** Control characters that make a terminal clear, move or recolour: refused on the way in. */
const CONTROL_PAYLOADS = ["\u0001\u0007\u001b[31mred\u007f\u0085", "ok\u001b[2J\u001b[H", "\u009b31m"]

const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@])/

const byEmail = (a: { email: string }, b: { email: string }) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0)

/**
 * SQL, HTML and script, spreadsheet formulas and control characters, sent
 * through the API: the first three stored verbatim and exported defused by
 * the CLI's CSV, control characters refused.
 */
export function describeWaitlistInjection({ newStore, figures }: RobustnessBackend): void {
  const servers = useSiteServers(async () => ({ site: { ...(await newStore()), WAITLIST_RATE_LIMIT: "0" } }))
  let site: SiteUnderTest
  beforeAll(() => (site = servers.site))

  // The name is kept trimmed (a trailing BOM counts as a space); the message with line feeds for line breaks; everything else exactly as sent.
  const sent = MESSAGES.map((message, i) => ({
    name: (PAYLOADS[i % PAYLOADS.length] ?? "").trim(),
    email: EMAILS[i] ?? `inject${i}@example.com`,
    message,
  }))
  const kept = sent.map((fields) => ({ ...fields, message: fields.message.replace(/\r\n?/g, "\n") }))

  it("stores names, e-mails and messages holding SQL, markup, formulas and bidirectional marks verbatim", async () => {
    const answers = await Promise.all(sent.map((fields) => postJson(site, entryFor(fields.email, fields))))
    figures.add({ submissionsSent: sent.length })
    expect(answers.map((answer) => answer.status)).toEqual(sent.map(() => 201))
    const stored = await storedEntries(site.settings)
    expect(stored.map(({ name, email, message }) => ({ name, email, message })).sort(byEmail)).toEqual(
      [...kept].sort(byEmail),
    )
    figures.add({ entriesChecked: stored.length })
  })

  it("refuses a name or message holding control characters with 422 naming the field, and stores nothing of it", async () => {
    for (const [i, payload] of CONTROL_PAYLOADS.entries()) {
      const name = expectJsonError(
        await postJson(site, entryFor(`control-name${i}@example.com`, { name: payload })),
        422,
      )
      expect(name.fields).toEqual({ name: "Name contains a character that is not allowed" })
      const message = expectJsonError(
        await postJson(site, entryFor(`control-message${i}@example.com`, { message: payload })),
        422,
      )
      expect(message.fields).toEqual({ message: "Message contains a character that is not allowed" })
    }
    figures.add({ submissionsSent: 2 * CONTROL_PAYLOADS.length })
    expect((await storedEntries(site.settings)).filter((entry) => entry.email.startsWith("control-"))).toEqual([])
  })

  it("exports every one of them through the CLI with formula starts defused, terminal controls written out and nothing else changed", async () => {
    let csv = ""
    const code = await runWaitlistCommand(["export"], {
      openDb: () => openDbOf(site.settings),
      out: (text) => (csv += text),
      err: () => undefined,
    })
    expect(code).toBe(0)
    const [header, ...rows] = parseCsv(csv)
    expect(header?.slice(0, 3)).toEqual(["name", "email", "message"])
    const defused = (text: string) => (FORMULA_START.test(inertText(text)) ? `'${inertText(text)}` : inertText(text))
    const exported = rows.map(([name = "", email = "", message = ""]) => ({ name, email, message })).sort(byEmail)
    expect(exported).toEqual(
      kept
        .map(({ name, email, message }) => ({ name: defused(name), email: defused(email), message: defused(message) }))
        .sort(byEmail),
    )
    expect(rows.flat().filter((cell) => FORMULA_START.test(cell))).toEqual([])
  })
}
