/**
 * @jest-environment node
 */
import { usePostgresDatabases } from "../../../../test/support/postgres-for-suite"
import { startSiteServer, type RunningSite } from "../../../../test/support/site-server-process"
import { SmtpTestServer } from "../../../../test/support/smtp-test-server"
import { busiestWindow } from "../../../../test/support/busiest-window"
import { seedEntries } from "../../../../test/support/seed-entries"
import { announcementsIn, describeAnnouncements } from "../../../../test/support/waitlist-announcement-behaviour"
import { compiledWaitlistCli } from "../../../../test/support/waitlist-cli"

const newDatabase = usePostgresDatabases()

describe("announcements on the PostgreSQL store", () => {
  // The IMAP mailbox is read in the SQLite suite; here the same messages are piped in.
  describeAnnouncements(newDatabase, null)
})

describe("two instances of the server on one PostgreSQL database", () => {
  let smtp: SmtpTestServer
  const cli = compiledWaitlistCli()
  const sites: RunningSite[] = []
  beforeAll(async () => {
    smtp = await SmtpTestServer.start()
    await cli.compile()
  }, 120_000)
  afterAll(async () => {
    await Promise.all(sites.map((site) => site.stop()))
    await smtp.down()
    cli.remove()
  })

  it("share one announcement's mails: each entry gets one, each instance keeps its own rate", async () => {
    const settings = {
      ...(await newDatabase()),
      SMTP_URL: smtp.url,
      SITE_URL: "https://storyling.example.com",
      MAIL_RATE_PER_SECOND: "5",
      MAIL_LEASE_MS: "4000",
    }
    await seedEntries(
      settings,
      Array.from({ length: 40 }, (_, i) => ({ email: `two${i}@example.org`, locale: "de" })),
    )
    sites.push(...(await Promise.all([startSiteServer(settings), startSiteServer(settings)])))
    expect((await cli.run(["announce", "send", "launch"], settings)).stdout).toContain(
      "Queued 40 mails of launch: de 40.",
    )
    const started = Date.now()
    const giveUp = started + 60_000
    while (announcementsIn(smtp.mails).length < 40 && Date.now() < giveUp)
      await new Promise((resolve) => setTimeout(resolve, 100))
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const mails = announcementsIn(smtp.mails)
    expect(mails).toHaveLength(40)
    expect(new Set(mails.map((mail) => mail.envelopeTo[0])).size).toBe(40)
    // Two instances at 5 a second each: faster than one could, never faster than both (the first mail of each
    // connection is left out of the count, as in the rate's test of describeAnnouncements).
    expect(busiestWindow(smtp.reusedTransactionTimes, 1000)).toBeLessThanOrEqual(10)
    expect(Date.now() - started).toBeLessThan(8000)
  }, 120_000)
})
