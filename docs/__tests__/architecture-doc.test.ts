/**
 * @jest-environment node
 *
 * docs/architecture.md as the code has it: its table of migrations names
 * every migration of the schema, and its periodic work every job the
 * server runs, as the log names it.
 */
import fs from "fs"
import os from "os"
import path from "path"
import { assemble, periodicJobs } from "../../src/server/assemble"
import { rewardsJob } from "../../src/server/rewards/reward-job"
import { sequenceJob } from "../../src/server/sequences/sequence-service"
import { createMetrics } from "../../src/server/observability/metrics"
import { readSettings } from "../../src/server/settings"
import { capturedLogger } from "../../test/support/test-logger"

const ROOT = path.join(__dirname, "..", "..")
const architecture = fs.readFileSync(path.join(ROOT, "docs", "architecture.md"), "utf8")

it("names every migration in its table of migrations", () => {
  const migrations = fs
    .readdirSync(path.join(ROOT, "src", "server", "db", "migrations"))
    .filter((name) => /^\d{4}-[\w-]+\.ts$/.test(name))
    .map((name) => name.replace(/\.ts$/, ""))
  expect(migrations.length).toBeGreaterThan(10)
  expect(migrations.filter((name) => !architecture.includes(`| \`${name}\` |`))).toEqual([])
})

it("names every periodic job of a server that counts visits and reads a bounce mailbox", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "architecture-doc-"))
  const settings = readSettings({
    WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite"),
    MAIL_OUTBOX_DIR: path.join(dir, "outbox"),
    BOUNCE_ADDRESS: "bounces@example.com",
    BOUNCE_IMAP_URL: "imaps://bounces%40example.com:secret@imap.example.com:993/INBOX",
  })
  const { log } = capturedLogger()
  const parts = assemble(settings, { log, metrics: createMetrics() })
  try {
    const names = periodicJobs(
      parts.db,
      parts.visits,
      parts.storeClicks,
      parts.bounceMailbox,
      { mail: settings.mail, sendMail: async () => {} },
      settings.referralBoost,
      sequenceJob(parts.routes.sequences, log, () => {}),
      rewardsJob({ db: parts.db, rewards: settings.rewards, mail: settings.mail, log, queued: () => {} }),
    ).map((job) => job.name)
    expect(names.length).toBeGreaterThan(7)
    expect(names.filter((name) => !architecture.includes(`\`${name}\``))).toEqual([])
  } finally {
    await parts.db.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
