/**
 * @jest-environment node
 *
 * A waitlist moved from SQLite to PostgreSQL as an operator moves it: the
 * waitlist CLI compiled as `npm run waitlist` runs `copy-to`, then the
 * production server starts on the PostgreSQL copy. The links of a mail
 * sent before the move work, and the mail that waited in the outbox goes
 * out once.
 */
import fs from "fs"
import os from "os"
import path from "path"
import { seedEveryKindOfRow } from "../../../../test/support/every-kind-of-row"
import { usePostgresDatabases } from "../../../../test/support/postgres-for-suite"
import { startSiteServer, type RunningSite } from "../../../../test/support/site-server-process"
import { SmtpTestServer } from "../../../../test/support/smtp-test-server"
import { compiledWaitlistCli } from "../../../../test/support/waitlist-cli"
import { openDbOf } from "../../../../test/support/waitlist-store-access"
import { deliveriesIn } from "../../outbox/outbox-queries"
import { listEntries } from "../../entries/entry-list"

const NOW = new Date()
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const newDatabase = usePostgresDatabases()
const cli = compiledWaitlistCli()
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "copy-to-site-"))
let smtp: SmtpTestServer
let site: RunningSite | undefined
beforeAll(async () => {
  smtp = await SmtpTestServer.start()
  await cli.compile()
}, 60_000)
afterAll(async () => {
  await site?.stop()
  await smtp?.down()
  cli.remove()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** Opens a link without following its redirect, as a browser's first step does. */
async function open(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { redirect: "manual", ...init })
  await response.text()
  return {
    status: response.status,
    location: response.headers.get("location"),
    cookie: (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "",
  }
}

it("serves the copy from PostgreSQL: a link mailed before the move confirms, and the mail waiting in the outbox is sent once", async () => {
  const sqlite = { WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite") }
  const store = openDbOf(sqlite)
  const { sent, waiting } = await seedEveryKindOfRow(store, NOW)
  const pending = (await deliveriesIn(store, ["pending"])).map((delivery) => delivery.recipient).sort()
  await store.close()
  expect(pending).toEqual(["kai@example.com", "team@example.com"])

  const postgres = await newDatabase()
  const copied = await cli.run(["copy-to", postgres.DATABASE_URL], sqlite)
  expect(copied).toMatchObject({ code: 0, stderr: "" })
  expect(copied.stdout).toContain(
    "2 deliveries wait in the outbox: the first server started on PostgreSQL sends them, once.",
  )

  site = await startSiteServer({
    ...postgres,
    SMTP_URL: smtp.url,
    WAITLIST_NOTIFY_TO: "team@example.com",
    MAIL_RATE_PER_SECOND: "0",
    WAITLIST_RATE_LIMIT: "0",
  })
  await smtp.waitForMails(2)
  await pause(1500)
  expect(smtp.mails.flatMap((mail) => mail.envelopeTo).sort()).toEqual(["kai@example.com", "team@example.com"])
  const [kaiMail] = smtp.to(waiting.email)
  expect(kaiMail?.parsed.text).toContain(`/api/waitlist-confirm?token=${waiting.confirmToken}&lang=pt-br`)

  // Ana's confirmation mail went out from the SQLite site: its link confirms on the PostgreSQL one.
  const scanned = await open(`${site.url}/api/waitlist-confirm?token=${sent.confirmToken}&lang=es`)
  expect(scanned).toMatchObject({ status: 303, location: "/es/waitlist/confirm/" })
  expect(
    await open(`${site.url}/api/waitlist-confirm?lang=es`, { method: "POST", headers: { Cookie: scanned.cookie } }),
  ).toMatchObject({
    status: 303,
    location: expect.stringMatching(/^\/es\/waitlist\/place\?code=\w+&sig=[0-9a-f]{32}$/),
  })
  expect(await open(`${site.url}/api/waitlist-leave?token=${sent.leaveToken}&lang=es`)).toMatchObject({
    status: 303,
    location: "/es/waitlist/leave/",
  })

  const copy = openDbOf(postgres)
  try {
    expect((await listEntries(copy)).find((entry) => entry.email === sent.email)?.confirmedAt).toBeInstanceOf(Date)
    expect(await deliveriesIn(copy, ["pending"])).toEqual([])
  } finally {
    await copy.close()
  }
}, 90_000)
