/**
 * @jest-environment node
 *
 * A rolling restart, as an orchestrator makes one: two instances of the
 * production server on one PostgreSQL database behind a balancer, with a
 * real SMTP server, each in turn taken out of the rotation, stopped with
 * SIGTERM, started again and put back once /readyz says so, while
 * visitors keep signing up.
 */
import { emailKey } from "../addresses/email-identity"
import { usePostgresDatabases } from "../../../test/support/postgres-for-suite"
import { recordFigures } from "../../../test/support/reliability-figures"
import { startSiteServer, type RunningSite } from "../../../test/support/site-server-process"
import { SmtpTestServer } from "../../../test/support/smtp-test-server"
import { startSubmissionLoad } from "../../../test/support/submission-load"
import { storedEntries } from "../../../test/support/waitlist-api-client"
import { openDbOf } from "../../../test/support/waitlist-store-access"
import { deliveriesIn } from "../outbox/outbox-queries"

const newDatabase = usePostgresDatabases()
const figures = recordFigures("rolling-restart", "PostgreSQL")
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** Each instance's mail rate, the default's: the mail of the entries made during the restarts takes this long to go out, however fast the sign-ups were. */
const MAILS_PER_SECOND = 10

let smtp: SmtpTestServer
const everyInstance: RunningSite[] = []
beforeAll(async () => {
  smtp = await SmtpTestServer.start()
})
afterAll(async () => {
  await Promise.all(everyInstance.map((site) => site.stop()))
  await smtp.down()
})

/** The balancer: each request goes to the next instance in the rotation. */
function balancer(rotation: RunningSite[]) {
  let next = 0
  return {
    get url(): string {
      const site = rotation[next++ % rotation.length]
      if (!site) throw new Error("no instance in the rotation")
      return site.url
    },
  }
}

/** Waits until an instance's /readyz answers 200, as a balancer's health check does before it sends visitors. */
async function ready(site: RunningSite) {
  for (let waited = 0; waited < 20_000; waited += 100) {
    if ((await fetch(`${site.url}/readyz`)).status === 200) return
    await pause(100)
  }
  throw new Error(`${site.url} never became ready`)
}

describe("a rolling restart of two instances on one PostgreSQL database", () => {
  it("loses no acknowledged entry, and sends each mail once", async () => {
    const settings = {
      ...(await newDatabase()),
      SMTP_URL: smtp.url,
      WAITLIST_RATE_LIMIT: "0",
      SITE_URL: "https://storyling.example.com",
      MAIL_RATE_PER_SECOND: String(MAILS_PER_SECOND),
    }
    const startOne = async () => {
      const site = await startSiteServer(settings)
      everyInstance.push(site)
      await ready(site)
      return site
    }
    const rotation = await Promise.all([startOne(), startOne()])
    const load = startSubmissionLoad(balancer(rotation), "rolling", { workers: 8, maxMs: 60_000 })
    const restarts: { code: number | null; ms: number }[] = []
    let acknowledgedBefore = 20
    for (const slot of [0, 1]) {
      await load.acknowledgedAtLeast(acknowledgedBefore)
      const leaving = rotation[slot] as RunningSite
      rotation.splice(slot, 1)
      const exit = await leaving.terminate("SIGTERM")
      restarts.push({ code: exit.code, ms: exit.ms })
      rotation.splice(slot, 0, await startOne())
      acknowledgedBefore += 40
    }
    await load.acknowledgedAtLeast(acknowledgedBefore)
    const result = await load.finish()

    expect(restarts.map((restart) => restart.code)).toEqual([0, 0])
    expect(Math.max(...restarts.map((restart) => restart.ms))).toBeLessThan(10_000)
    expect(result.statuses.filter((status) => status !== 201 && status !== 0)).toEqual([])
    const acknowledged = result.acknowledged.map(emailKey)
    const stored = (await storedEntries(settings)).map((entry) => emailKey(entry.email))
    const lost = acknowledged.filter((email) => !stored.includes(email))
    expect(lost).toEqual([])
    expect(new Set(stored).size).toBe(stored.length)

    // Every stored entry gets its confirmation and the team one mail about it: once each.
    const expected = 2 * stored.length
    await smtp.waitForMails(expected, 30_000 + (expected * 1000) / (2 * MAILS_PER_SECOND))
    await pause(2000)
    const store = openDbOf(settings)
    try {
      expect(await deliveriesIn(store, ["pending", "failed"])).toEqual([])
    } finally {
      await store.close()
    }
    const messageIds = smtp.mails.map((mail) => mail.parsed.messageId)
    expect(smtp.mails).toHaveLength(expected)
    expect(new Set(messageIds).size).toBe(expected)
    const visitors = smtp.mails.flatMap((mail) => mail.envelopeTo).filter((to) => to.startsWith("rolling-"))
    expect(visitors.sort()).toEqual([...stored].sort())
    figures.add({
      submissionsSent: result.sent,
      cleanRestarts: restarts.length,
      entriesChecked: acknowledged.length,
      entriesLost: lost.length,
      mailsDelivered: smtp.mails.length,
    })
  }, 300_000)
})
