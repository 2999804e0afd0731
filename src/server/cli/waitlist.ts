/**
 * The waitlist's command line (`npm run waitlist -- <command>`, see
 * docs/operating.md), on the store the server uses. Announcements are read
 * from ANNOUNCEMENTS_DIR and the sequences' steps from SEQUENCES_DIR, under
 * the project's root, where npm runs it.
 */
import fs from "fs"
import path from "path"
import { openDb } from "../db/db"
import { createSendMail, emlWriter } from "../mails/mail-transport"
import { createLogger } from "../observability/logger"
import { localLinksNotice, readSettings } from "../settings"
import { siteHostsOf } from "../visits/site-hosts"
import { runWaitlistCommand } from "./waitlist-commands"

/** Standard input, up to `max` bytes; null as soon as it holds more. */
async function readInput(max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of process.stdin) {
    size += (chunk as Buffer).length
    if (size > max) {
      process.stdin.destroy()
      return null
    }
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

try {
  const settings = readSettings(process.env)
  const { mail, announcementsDir } = settings
  const notice = localLinksNotice(settings)
  if (notice) process.stderr.write(`waitlist: ${notice}\n`)
  // Its few lines (mail written to a folder for want of SMTP_URL) go to stderr, keeping stdout for what a command prints.
  const log = createLogger(settings.log, process.stderr)
  const sendMail = createSendMail(mail, log, { pooled: false })
  const writeFile = (file: string, data: string | Buffer) => {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, data)
  }
  void runWaitlistCommand(process.argv.slice(2), {
    openDb: () => openDb(settings.store),
    store: settings.store,
    siteHosts: siteHostsOf(settings),
    mailFolder: mail.outboxDir,
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    announcements: {
      dir: announcementsDir,
      previewDir: path.resolve(".data", "announcements"),
      mail,
      sendMail,
      eml: emlWriter(mail),
      writeFile,
      now: () => new Date(),
      referralBoost: settings.referralBoost,
      rewardsFile: settings.rewards.file,
    },
    sequences: {
      dir: settings.sequencesDir,
      previewDir: path.resolve(".data", "sequences"),
      mail,
      sendMail,
      eml: emlWriter(mail),
      writeFile,
      now: () => new Date(),
      referralBoost: settings.referralBoost,
    },
    readInput,
    bounceAddress: mail.bounceAddress,
    referralBoost: settings.referralBoost,
    rewardsFile: settings.rewards.file,
    sender: { mail, dnsServers: settings.dnsServers },
  }).then((code) => {
    process.exitCode = code
  })
} catch (error) {
  process.stderr.write(`waitlist: ${(error as Error).message}\n`)
  process.exitCode = 1
}
