/**
 * @jest-environment node
 */
import { recordFigures } from "../../../../test/support/reliability-figures"
import { usePostgresDatabases } from "../../../../test/support/postgres-for-suite"
import { startSiteServer, type RunningSite } from "../../../../test/support/site-server-process"
import { SmtpTestServer } from "../../../../test/support/smtp-test-server"
import { entryFor, postJson } from "../../../../test/support/waitlist-api-client"

const newDatabase = usePostgresDatabases()
const figures = recordFigures("mail-instances", "PostgreSQL")
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let smtp: SmtpTestServer
const running: RunningSite[] = []
beforeAll(async () => {
  smtp = await SmtpTestServer.start()
})
afterAll(async () => {
  await Promise.all(running.map((site) => site.stop()))
  await smtp.down()
})
beforeEach(() => {
  smtp.mails.length = 0
})

/** Three instances of the server on one PostgreSQL database, as behind a load balancer. */
async function threeInstances(settings: Record<string, string>): Promise<RunningSite[]> {
  const database = await newDatabase()
  const sites = await Promise.all(
    [1, 2, 3].map(() =>
      startSiteServer({
        ...database,
        SMTP_URL: smtp.url,
        MAIL_RETRY_BASE_MS: "200",
        MAIL_LEASE_MS: "3000",
        ...settings,
      }),
    ),
  )
  running.push(...sites)
  return sites
}

describe("three instances of the server on one PostgreSQL database", () => {
  it("share one rate limit, and send each mail of the accepted entries once", async () => {
    const sites = await threeInstances({ WAITLIST_RATE_LIMIT: "5" })
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => postJson(sites[i % 3] as RunningSite, entryFor(`person${i}@example.com`))),
    )
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5)
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(7)
    await smtp.waitForMails(10)
    await pause(2000)
    expect(smtp.mails).toHaveLength(10)
    expect(new Set(smtp.mails.map((mail) => mail.parsed.messageId)).size).toBe(10)
    figures.add({ submissionsSent: 12, mailsDelivered: 10 })
  }, 60_000)

  it("lose nothing when one instance is killed while deliveries fail", async () => {
    const sites = await threeInstances({ WAITLIST_RATE_LIMIT: "0" })
    await smtp.down()
    try {
      for (let i = 0; i < 6; i++)
        expect((await postJson(sites[i % 3] as RunningSite, entryFor(`killed${i}@example.com`))).status).toBe(201)
      await pause(800)
      await sites[0]?.kill()
    } finally {
      await smtp.up()
    }
    await smtp.waitForMails(12, 30_000)
    await pause(2000)
    expect(smtp.mails).toHaveLength(12)
    expect(new Set(smtp.mails.map((mail) => mail.parsed.messageId)).size).toBe(12)
    figures.add({ submissionsSent: 6, crashesSurvived: 1, outagesHealed: 1, mailsDelivered: 12 })
  }, 60_000)
})
