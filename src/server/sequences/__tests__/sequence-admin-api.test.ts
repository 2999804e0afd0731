/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import type { Role } from "../../../admin-api/roles"
import { callAdmin, enrol, inviteWithCli, type EnrolledAccount } from "../../../../test/support/admin-client"
import { startApiInProcess } from "../../../../test/support/api-in-process"
import { PROJECT_ROOT } from "../../../../test/support/project-root"
import type { RunningSite } from "../../../../test/support/site-server-process"
import { SmtpTestServer } from "../../../../test/support/smtp-test-server"
import { PREVIEW_POLICY } from "../../markdown-mail/list-mail-answers"

const clock = new Date("2027-01-05T09:00:00.000Z")
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sequence-admin-"))
const steps = path.join(dir, "steps")
let site: RunningSite
let smtp: SmtpTestServer
const accounts = {} as Record<Role, EnrolledAccount>

beforeAll(async () => {
  smtp = await SmtpTestServer.start()
  fs.cpSync(path.join(PROJECT_ROOT, "content", "sequences"), steps, { recursive: true })
  fs.writeFileSync(path.join(steps, "broken.md"), "---\nsubject: Hi\nafter: 2 days\n---\nHi <b>there</b>\n")
  const settings = {
    WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite"),
    SMTP_URL: smtp.url,
    SITE_URL: "https://storyling.example.com",
    MAIL_RATE_PER_SECOND: "0",
    SEQUENCES_DIR: steps,
  }
  site = await startApiInProcess(settings, { now: () => clock })
  for (const role of ["marketing", "legal"] as const) {
    const email = `${role}-steps@team.example`
    accounts[role] = await enrol(site, await inviteWithCli(settings, email, role, clock), email, clock)
  }
}, 90_000)
afterAll(async () => {
  await site?.stop()
  await smtp?.down()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe("the admin's sequences", () => {
  it("lists each step in the order people get them, with each language's subject, where it stands, and the held one's problem", async () => {
    const answer = await callAdmin(site, "GET", "sequences", { cookie: accounts.marketing.cookie })
    expect(answer.status).toBe(200)
    const listed = answer.body?.steps as { name: string; after: string | null; problems: string[] }[]
    expect(listed.map(({ name, after, problems }) => [name, after, problems])).toEqual([
      ["welcome", "2 days", []],
      ["how-stories-teach", "1 week", []],
      ["broken", null, ["broken.md: line 5 holds raw HTML: a step is Markdown only"]],
    ])
    expect(answer.body?.steps).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: "welcome",
          versions: expect.arrayContaining([{ lang: "de", subject: "Willkommen auf der Storyling-Warteliste, Ana" }]),
          status: expect.objectContaining({ sent: 0, due: 0, later: 0, skipped: { overdue: 0, suppressed: 0 } }),
        }),
      ]),
    )
  })

  it("previews a language's mail under a policy that lets nothing run or load", async () => {
    const answer = await callAdmin(site, "GET", "sequences/welcome/preview/ja", { cookie: accounts.marketing.cookie })
    expect(answer.status).toBe(200)
    expect(answer.headers.get("content-security-policy")).toBe(PREVIEW_POLICY)
    expect(answer.text).toContain("あなたの順番は42番目です")
    expect(answer.text).toContain("https://storyling.example.com/r/SAMPLE42")
  })

  it("sends a test of every language to one address, and refuses what is no address", async () => {
    smtp.mails.length = 0
    const sent = await callAdmin(site, "POST", "sequences/how-stories-teach/test", {
      cookie: accounts.marketing.cookie,
      body: { to: "editor@example.com" },
    })
    expect(sent.status).toBe(200)
    expect(smtp.mails.map((mail) => mail.parsed.subject?.split("]")[0])).toEqual(
      ["en", "es", "fr", "de", "pt-br", "ja"].map((lang) => `[Test of how-stories-teach, ${lang}`),
    )
    const refused = await callAdmin(site, "POST", "sequences/welcome/test", {
      cookie: accounts.marketing.cookie,
      body: { to: "two@example.com,three@example.com" },
    })
    expect([refused.status, refused.body?.fields]).toEqual([
      422,
      { to: "Give one e-mail address, such as you@example.com." },
    ])
  })

  it("answers 404 for a step not in the folder and 422 with its problems for a held one", async () => {
    const cookie = accounts.marketing.cookie
    expect((await callAdmin(site, "GET", "sequences/nothing/preview/en", { cookie })).status).toBe(404)
    expect(await callAdmin(site, "GET", "sequences/broken/preview/en", { cookie })).toMatchObject({
      status: 422,
      body: { problems: ["broken.md: line 5 holds raw HTML: a step is Markdown only"] },
    })
  })

  it("is refused to the role of legal staff, and to another origin", async () => {
    expect((await callAdmin(site, "GET", "sequences", { cookie: accounts.legal.cookie })).status).toBe(403)
    const crossOrigin = await callAdmin(site, "POST", "sequences/welcome/test", {
      cookie: accounts.marketing.cookie,
      body: { to: "editor@example.com" },
      crossOrigin: true,
    })
    expect(crossOrigin.status).toBe(403)
  })
})
