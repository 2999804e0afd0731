/**
 * @jest-environment node
 */
import { progressText, sendText } from "../announce-commands"
import { copiedText } from "../copy-to-command"
import { statsTable } from "../stats-table"

const AT = new Date("2026-11-20T10:00:00.000Z")
const language = { lang: "en", sent: 0, failed: 0, bounced: 0, complained: 0, left: 0 }

describe("the count sentences of npm run waitlist", () => {
  it("says 1 mail and 1 confirmed entry of a send to one reader, with one left out, and 2 mails of two", () => {
    expect(sendText("followup", { queued: { en: 1 }, suppressed: 1, state: "sending", pausedReason: null })).toBe(
      "Queued 1 mail of followup: en 1.\nLeft out 1 confirmed entry whose address is suppressed.\nThe running server delivers them; `npm run waitlist -- announce status followup` shows how far it got.\n",
    )
    expect(
      sendText("launch", { queued: { en: 1, es: 1 }, suppressed: 4, state: "sending", pausedReason: null }),
    ).toMatch(/^Queued 2 mails of launch: en 1, es 1\.\nLeft out 4 confirmed entries whose address is suppressed\.\n/)
  })

  it("says where a send of one mail stands: queued 1 mail, its wave 1 mail queued, 1 waiting mail to resume", () => {
    const text = progressText({
      slug: "followup",
      state: "paused",
      pausedReason: "Paused by the command line",
      createdAt: AT,
      languages: [{ ...language, queued: 1, waiting: 1 }],
      waves: [{ first: 1, lang: null, platform: null, rewarded: null, at: AT, queued: 1 }],
    })
    expect(text).toContain("followup: queued 2026-11-20T10:00:00.000Z, 1 mail\n")
    expect(text).toContain("`npm run waitlist -- announce resume followup` sends the 1 waiting mail.\n")
    expect(text).toMatch(/^ {2}1\. 2026-11-20T10:00:00\.000Z {2}.+: 1 mail queued$/m)
    expect(
      progressText({
        slug: "launch",
        state: "sending",
        pausedReason: null,
        createdAt: AT,
        languages: [{ ...language, queued: 2, waiting: 0 }],
        waves: [{ first: null, lang: null, platform: null, rewarded: null, at: AT, queued: 2 }],
      }),
    ).toMatch(/^launch: queued 2026-11-20T10:00:00\.000Z, 2 mails\n[\s\S]*: 2 mails queued$/m)
  })

  it("says 1 row in 1 table and 1 delivery waits, or 2 rows in 2 tables and 2 deliveries wait, after copy-to", () => {
    const url = "postgres://site@127.0.0.1:5432/waitlist"
    expect(copiedText(".data/waitlist.sqlite", url, [{ table: "waitlist_entries", rows: 1 }], 1)).toMatch(
      /: 1 row in 1 table\.\n[\s\S]*\n1 delivery waits in the outbox: the first server started on PostgreSQL sends it, once\.\n/,
    )
    expect(
      copiedText(
        ".data/waitlist.sqlite",
        url,
        [
          { table: "waitlist_entries", rows: 1 },
          { table: "waitlist_messages", rows: 1 },
        ],
        2,
      ),
    ).toMatch(
      /: 2 rows in 2 tables\.\n[\s\S]*\n2 deliveries wait in the outbox: the first server started on PostgreSQL sends them, once\.\n/,
    )
  })

  it("says 1 day of a one-day period of stats", () => {
    const day = {
      date: "2026-11-20",
      visitors: 0,
      pageviews: 0,
      contactVisitors: 0,
      signups: 0,
      confirmed: 0,
      appStoreClicks: 0,
      googlePlayClicks: 0,
    }
    const stats = { days: [day], pages: [], sources: [], languages: [], storeClicks: [], funnelNote: null }
    expect(statsTable(stats).split("\n")[0]).toBe("Visits from 2026-11-20 to 2026-11-20 (1 day, UTC)")
    expect(statsTable({ ...stats, days: [day, { ...day, date: "2026-11-21" }] }).split("\n")[0]).toBe(
      "Visits from 2026-11-20 to 2026-11-21 (2 days, UTC)",
    )
  })
})
