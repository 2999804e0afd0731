/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { writeEveryKindOfMail, type WrittenMail } from "../../../../test/support/every-kind-of-mail"
import { openDb } from "../../db/db"
import { MAX_LISTED } from "../../mails/local-mails"
import type { Settings } from "../../settings"
import { runWaitlistCommand } from "../waitlist-commands"

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mails-command-"))
let settings: Settings
let mails: WrittenMail[]
beforeAll(async () => {
  ;({ settings, mails } = await writeEveryKindOfMail(dir))
}, 60_000)
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

async function waitlist(args: string[], folder = settings.mail.outboxDir) {
  let out = ""
  let err = ""
  const code = await runWaitlistCommand(args, {
    openDb: () => openDb(settings.store),
    mailFolder: folder,
    out: (text) => void (out += text),
    err: (text) => void (err += text),
  })
  return { code, out, err }
}

describe("npm run waitlist -- mails", () => {
  it("lists the mails a local run wrote, newest first: when, what kind, to whom, the subject and each link whole", async () => {
    const { code, out, err } = await waitlist(["mails"])
    expect({ code, err }).toEqual({ code: 0, err: "" })
    const [heading, ...blocks] = out.split("\n\n")
    // Every kind of mail is more than the list shows: it shows the newest and says so.
    expect(mails.length).toBeGreaterThan(MAX_LISTED)
    expect(heading).toBe(
      `Mails in ${settings.mail.outboxDir} (the newest ${MAX_LISTED}), newest first; \`mails --show N\` prints one:`,
    )
    expect(blocks).toHaveLength(MAX_LISTED)
    const times = blocks.map((block) => /^\d+\. (\S+)/.exec(block)?.[1] ?? "")
    expect([...times].sort().reverse()).toEqual(times)
    const confirmation = blocks.find((block) => block.includes("confirmation  to reader-de@example.org"))
    expect(confirmation).toContain("Bestätige deinen Platz auf der Storyling-Warteliste")
    expect(confirmation).toMatch(
      /\n {3}https:\/\/storyling\.example\.com\/api\/waitlist-confirm\?token=[\w-]{43}&lang=de\n/,
    )
    // In the file, the link is broken by quoted-printable's soft line breaks; the list gives it whole.
    const raw = mails.find((mail) => mail.kind === "confirm" && mail.lang === "de")?.raw.toString("utf8") ?? ""
    expect(raw).toMatch(/waitlist-con=\nfirm|=\n/)
    for (const kind of ["team notice", "confirmation", "announcement", "announcement test"])
      expect(blocks.filter((block) => block.split("\n")[0]?.includes(`  ${kind}  to `))).not.toHaveLength(0)
  })

  it("prints one of them as plain text with --show N", async () => {
    const listed = (await waitlist(["mails"])).out.split("\n\n")[3] ?? ""
    const shown = await waitlist(["mails", "--show", "3"])
    expect(shown.code).toBe(0)
    expect(shown.out).toMatch(/^Date: \S+\nTo: \S+\nSubject: .+\nKind: .+\nFile: .+\.eml\n\n/)
    expect(listed.startsWith("3. ")).toBe(true)
    expect(shown.out).toContain(listed.split("\n")[1]?.trim() ?? "none")
  })

  it("says where a local run writes them when there are none, and what --show takes", async () => {
    const empty = path.join(dir, "empty")
    expect(await waitlist(["mails"], empty)).toEqual({
      code: 0,
      out: `No mail in ${empty}: a local run (SMTP_URL unset) writes each mail there as an .eml file.\n`,
      err: "",
    })
    expect((await waitlist(["mails", "--show", "999"])).err).toBe(
      "waitlist: there is no mail 999: `npm run waitlist -- mails` lists them\n",
    )
    const wrong = await waitlist(["mails", "--show", "x"])
    expect(wrong.code).toBe(2)
    expect(wrong.err).toContain("waitlist: mails takes --show N")
  })
})
