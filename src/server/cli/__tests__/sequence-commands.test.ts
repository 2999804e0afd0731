/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { PROJECT_ROOT } from "../../../../test/support/project-root"
import { SmtpTestServer } from "../../../../test/support/smtp-test-server"
import { openDb } from "../../db/db"
import { createSendMail, emlWriter } from "../../mails/mail-transport"
import { readSettings } from "../../settings"
import { runWaitlistCommand } from "../waitlist-commands"
import { quietLogger } from "../../../../test/support/test-logger"

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sequence-cli-"))
let smtp: SmtpTestServer
beforeAll(async () => {
  smtp = await SmtpTestServer.start()
})
afterAll(async () => {
  await smtp.down()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** Runs `npm run waitlist -- <args>` in this process, on a store of its own, the steps of content/sequences or `stepsDir`. */
async function waitlist(args: string[], stepsDir = path.join(PROJECT_ROOT, "content", "sequences")) {
  const settings = readSettings({
    WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite"),
    SITE_URL: "https://storyling.example.com",
    SMTP_URL: smtp.url,
  })
  let out = ""
  let err = ""
  const code = await runWaitlistCommand(args, {
    openDb: () => openDb(settings.store),
    out: (text) => void (out += text),
    err: (text) => void (err += text),
    sequences: {
      dir: stepsDir,
      previewDir: path.join(dir, "previews"),
      mail: settings.mail,
      sendMail: createSendMail(settings.mail, quietLogger, { pooled: false }),
      eml: emlWriter(settings.mail),
      writeFile: (file, data) => {
        fs.mkdirSync(path.dirname(file), { recursive: true })
        fs.writeFileSync(file, data)
      },
      now: () => new Date(),
      referralBoost: 5,
    },
  })
  return { code, out, err }
}

describe("npm run waitlist -- sequence", () => {
  it("status lists each step in the order people get them, with its delay, languages and counts", async () => {
    const { code, out } = await waitlist(["sequence", "status"])
    expect(code).toBe(0)
    expect(out.split("\n").slice(0, 5)).toEqual([
      "The steps of the sequences, in the order people get them (one sequence mail a day at most each):",
      "",
      "step               after   languages             got it  waiting  failed  due  later  skipped",
      "welcome            2 days  en es fr de pt-br ja       0        0       0    0      0        0",
      "how-stories-teach  1 week  en es fr de pt-br ja       0        0       0    0      0        0",
    ])
  })

  it("status names a step held by a problem, with its file and line", async () => {
    const steps = path.join(dir, "held")
    fs.mkdirSync(steps, { recursive: true })
    fs.writeFileSync(path.join(steps, "broken.md"), "---\nsubject: Hi\nafter: soon\n---\nHi\n")
    const { out } = await waitlist(["sequence", "status"], steps)
    expect(out).toContain(
      "held by a problem of their files, sent to nobody until fixed:\n  broken:\n    - broken.md: line 3: its after",
    )
  })

  it("preview writes each language's mail as .eml and .html, a sample reader's place and personal link in it", async () => {
    const { code, out } = await waitlist(["sequence", "preview", "welcome", "--lang", "de"])
    expect(code).toBe(0)
    const html = fs.readFileSync(path.join(dir, "previews", "welcome", "de.html"), "utf8")
    expect(out).toBe(
      `Wrote:\n  ${path.join(dir, "previews", "welcome", "de.eml")}\n  ${path.join(dir, "previews", "welcome", "de.html")}\n`,
    )
    expect(html).toContain("Du bist Nummer 42 in der Reihe für Storyling")
    expect(html).toContain("https://storyling.example.com/r/SAMPLE42")
  })

  it("test sends every language's version to one address, each marked as a test", async () => {
    smtp.mails.length = 0
    const { code, out } = await waitlist(["sequence", "test", "welcome", "--to", "editor@example.com"])
    expect(code).toBe(0)
    expect(out.split("\n")[0]).toBe("Sent 6 test mails to editor@example.com:")
    expect(smtp.mails.map((mail) => mail.parsed.subject)).toEqual([
      "[Test of welcome, en] Welcome to the Storyling waitlist, Ana",
      "[Test of welcome, es] Te damos la bienvenida a la lista de espera de Storyling, Ana",
      "[Test of welcome, fr] Bienvenue sur la liste d’attente de Storyling, Ana",
      "[Test of welcome, de] Willkommen auf der Storyling-Warteliste, Ana",
      "[Test of welcome, pt-br] Boas-vindas à lista de espera do Storyling, Ana",
      "[Test of welcome, ja] Anaさん、Storylingのウェイトリストへようこそ",
    ])
    expect(smtp.mails.every((mail) => mail.envelopeTo.join() === "editor@example.com")).toBe(true)
  })

  it.each([
    [["sequence", "send", "welcome"], 'waitlist: sequence has no command "send"'],
    [["sequence", "test", "welcome"], "waitlist: sequence test needs --to <address>"],
    [["sequence", "preview", "../etc"], "waitlist: sequence preview needs one step's name"],
    [["sequence", "status", "--to", "x@example.com"], 'waitlist: sequence has no command "status"'],
  ])("refuses %j with a line and the usage", async (args, line) => {
    const { code, err } = await waitlist(args)
    expect(code).toBe(2)
    expect(err).toContain(line)
    expect(err).toContain("sequence status")
  })
})
