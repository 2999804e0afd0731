import { runWaitlistCommand } from "../waitlist/run-waitlist-command"
import { openWaitlistStore } from "../waitlist/open-waitlist-store"
import { parseCsv } from "./parse-csv"
import type { RobustnessBackend } from "./waitlist-fuzz-behaviour"
import { entryFor, postJson, storedEntries } from "./waitlist-api-client"
import { useSiteServers, type SiteUnderTest } from "./waitlist-api-servers"

/** Text that would do harm if a layer executed it instead of keeping it. */
const PAYLOADS = [
  "Robert'); DROP TABLE waitlist_entries;--",
  "' OR '1'='1' --",
  "\"; DELETE FROM waitlist_entries; SELECT \"",
  "1; UPDATE waitlist_entries SET email = 'x'",
  "<script>alert(document.cookie)</script>",
  "</textarea><img src=x onerror=alert(1)>",
  "=HYPERLINK(\"http://evil.example\",\"click\")",
  "+SUM(1+1)*cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)",
  "\u0001\u0007\u001b[31mred\u007f\u0085",
  "right\u202eto\u200bleft\ufeff",
  "${7*7}{{7*7}}%s%n",
]
/** Messages are kept as typed, so they may also begin with the tab and CR that spreadsheets treat as formula starts. */
const MESSAGES = [...PAYLOADS, "\t=1+1", "\r=1+1", "line\r\nbreak,\"quoted\""]
const EMAILS = ["o'brien+x@example.com", "\"><svg/onload=alert(1)>@example.com", "a;DROP@example.com"]

const FORMULA_START = /^[=+\-@\t\r]/

const byEmail = (a: { email: string }, b: { email: string }) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0)

/**
 * SQL, HTML and script, spreadsheet formulas and control characters, sent
 * through the API: stored verbatim, and exported defused by the CLI's CSV.
 */
export function describeWaitlistInjection({ newStore, figures }: RobustnessBackend): void {
  const servers = useSiteServers(async () => ({ site: { ...(await newStore()), WAITLIST_RATE_LIMIT: "0" } }))
  let site: SiteUnderTest
  beforeAll(() => (site = servers.site))

  // The name is kept trimmed (a trailing BOM counts as a space); everything else exactly as sent.
  const sent = MESSAGES.map((message, i) => ({
    name: (PAYLOADS[i % PAYLOADS.length] ?? "").trim(),
    email: EMAILS[i] ?? `inject${i}@example.com`,
    message,
  }))

  it("stores names, e-mails and messages holding SQL, markup, formulas and control characters verbatim", async () => {
    const answers = await Promise.all(sent.map((fields) => postJson(site, entryFor(fields.email, fields))))
    figures.add({ submissionsSent: sent.length })
    expect(answers.map((answer) => answer.status)).toEqual(sent.map(() => 201))
    const stored = await storedEntries(site.settings)
    expect(stored.map(({ name, email, message }) => ({ name, email, message })).sort(byEmail)).toEqual([...sent].sort(byEmail))
    figures.add({ entriesChecked: stored.length })
  })

  it("exports every one of them through the CLI with formula starts defused and nothing else changed", async () => {
    let csv = ""
    const code = await runWaitlistCommand(["export"], { openStore: () => openWaitlistStore(site.settings), out: (text) => (csv += text), err: () => undefined })
    expect(code).toBe(0)
    const [header, ...rows] = parseCsv(csv)
    expect(header?.slice(0, 3)).toEqual(["name", "email", "message"])
    const defused = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text)
    const exported = rows.map(([name = "", email = "", message = ""]) => ({ name, email, message })).sort(byEmail)
    expect(exported).toEqual([...sent].sort(byEmail).map(({ name, email, message }) => ({ name: defused(name), email: defused(email), message: defused(message) })))
    expect(rows.flat().filter((cell) => FORMULA_START.test(cell))).toEqual([])
  })
}
