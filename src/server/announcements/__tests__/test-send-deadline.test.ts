/**
 * @jest-environment node
 *
 * A test send of an announcement against an SMTP server that trickles its
 * answers: it ends at the deadline of an outbox's try, closes its SMTP
 * connection, and leaves its line in the audit log.
 */
import fs from "fs"
import os from "os"
import path from "path"
import { capturedLogger } from "../../../../test/support/test-logger"
import { PROJECT_ROOT } from "../../../../test/support/project-root"
import { TricklingSmtpServer } from "../../../../test/support/trickling-smtp-server"
import { eventually } from "../../../../test/support/eventually"
import { auditLog, BY_COMMAND_LINE } from "../../audit/audit-log"
import { openDb } from "../../db/db"
import { createSendMail } from "../../mails/mail-transport"
import { readSettings } from "../../settings"
import { testAnnouncement } from "../announcement-service"

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "test-send-deadline-"))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

it("gives up at the deadline of an outbox's try, closes the SMTP connection, and records the attempt", async () => {
  const trickler = await TricklingSmtpServer.start((recipient) => recipient === "slow@example.com", 1000)
  const settings = readSettings({
    WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite"),
    SMTP_URL: trickler.url,
    MAIL_LEASE_MS: "4000",
  })
  const db = openDb(settings.store)
  try {
    const io = {
      db,
      dir: path.join(PROJECT_ROOT, "content", "announcements"),
      mail: settings.mail,
      sendMail: createSendMail(settings.mail, capturedLogger().log, { pooled: false }),
      now: () => new Date(),
      referralBoost: settings.referralBoost,
      rewardsFile: settings.rewards.file,
    }
    const started = Date.now()
    await expect(testAnnouncement(io, "launch", "slow@example.com", BY_COMMAND_LINE)).rejects.toThrow(
      "nothing came back within 2 s",
    )
    expect(Date.now() - started).toBeLessThan(3500)
    await eventually(() => expect(trickler.trickled[0]?.closedByClient).toBe(true), 3000)
    const [line] = (await auditLog(db, 1, 10)).items
    expect(line).toMatchObject({
      action: "announcement-test",
      actor: "command line",
      detail: "launch: none sent; the en one failed (nothing came back within 2 s), and the rest were not sent",
    })
    expect(trickler.to("slow@example.com")).toEqual([])
  } finally {
    await db.close()
    await trickler.stop()
  }
}, 20_000)
