/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { enrol, inviteWithCli, callAdmin } from "../../../../test/support/admin-client"
import { startApiInProcess } from "../../../../test/support/api-in-process"
import { PROJECT_ROOT } from "../../../../test/support/project-root"
import { openDb } from "../../db/db"
import { emlWriter } from "../../mails/mail-transport"
import { deliveriesIn } from "../../outbox/outbox-queries"
import { DEFAULT_REWARDS_FILE, readSettings } from "../../settings"
import { runWaitlistCommand } from "../../cli/waitlist-commands"

// A company that has not filled in its postal address: the site's facts as they are, but for it.
jest.mock("../../../config/site-facts", () => {
  const actual = jest.requireActual<typeof import("../../../config/site-facts")>("../../../config/site-facts")
  return { ...actual, siteFacts: { ...actual.siteFacts, postalAddress: " " } }
})

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "no-postal-address-"))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
const env = {
  WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite"),
  ANNOUNCEMENTS_DIR: path.join(PROJECT_ROOT, "content", "announcements"),
  SITE_URL: "https://storyling.example.com",
}
const LINE =
  "no announcement can be sent without the company's postal address, which every one ends with (CAN-SPAM asks commercial mail for one): set postalAddress in src/config/site-facts.ts, then build and deploy again"

describe("without the company's postal address", () => {
  it("`announce send` refuses in one line and queues nothing", async () => {
    const settings = readSettings(env)
    let out = ""
    let err = ""
    const code = await runWaitlistCommand(["announce", "send", "launch"], {
      openDb: () => openDb(settings.store),
      out: (text) => void (out += text),
      err: (text) => void (err += text),
      announcements: {
        dir: settings.announcementsDir,
        mail: settings.mail,
        sendMail: () => Promise.reject(new Error("no mail is sent")),
        now: () => new Date(),
        referralBoost: 5,
        rewardsFile: DEFAULT_REWARDS_FILE,
        previewDir: dir,
        writeFile: () => undefined,
        eml: emlWriter(settings.mail),
      },
    })
    expect({ code, out, err }).toEqual({ code: 1, out: "", err: `waitlist: ${LINE}\n` })
    const db = openDb(settings.store)
    expect(await deliveriesIn(db, ["pending"])).toEqual([])
    await db.close()
  })

  // Taking the invitation starts the password check's worker, which loads its dictionaries first (seconds).
  it("the admin's send is refused with the same words, 409", async () => {
    const site = await startApiInProcess(env)
    try {
      const now = new Date()
      const owner = await enrol(
        site,
        await inviteWithCli(env, "owner@storyling.example.com", "owner", now),
        "owner@storyling.example.com",
        now,
      )
      const answer = await callAdmin(site, "POST", "announcements/launch/send", { cookie: owner.cookie })
      expect([answer.status, answer.body]).toEqual([409, { error: `${LINE.charAt(0).toUpperCase()}${LINE.slice(1)}.` }])
    } finally {
      await site.stop()
    }
  }, 30_000)
})
