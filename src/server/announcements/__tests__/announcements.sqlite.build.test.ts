/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { startImapServer, type ImapTestServer } from "../../../../test/support/imap-test-server"
import { ensureProductionBuild } from "../../../../test/support/production-build"
import { describeAnnouncements } from "../../../../test/support/waitlist-announcement-behaviour"

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "announcements-sqlite-"))
let imap: ImapTestServer | null = null
let files = 0
beforeAll(async () => {
  await ensureProductionBuild()
  imap = await startImapServer()
}, 10 * 60_000)
afterAll(async () => {
  await imap?.stop()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe("announcements on the SQLite store", () => {
  describeAnnouncements(
    async () => ({ WAITLIST_DB_PATH: path.join(dir, `waitlist-${++files}.sqlite`) }),
    () => imap,
  )
})
