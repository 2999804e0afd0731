import { execFile } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { promisify } from "util"
import { PROJECT_ROOT } from "../test/support/project-root"
import { startSiteServer, type RunningSite } from "../test/support/site-server-process"
import { mailTo } from "./support/mail-outbox"
import { expect, test } from "./support/test"

const run = promisify(execFile)

/**
 * A run on a developer's machine, as `npm start` makes one: not in
 * production and without SITE_URL, so the links of its mails and of the
 * admin's invitation go to the address it serves, and open there.
 */
test.describe("a local run without SITE_URL", () => {
  test.describe.configure({ timeout: 60_000 })
  let site: RunningSite
  let dir: string
  const settings = () => ({
    WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite"),
    MAIL_OUTBOX_DIR: path.join(dir, "outbox"),
  })

  test.beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "local-run-"))
    site = await startSiteServer({ ...settings(), NODE_ENV: "", SITE_URL: "", WAITLIST_RATE_LIMIT: "0" })
  })
  test.afterAll(async () => {
    await site?.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  test("says at start where its links go, and the confirmation mail's link opens the local site and confirms", async ({
    page,
  }) => {
    const notice = await site.logLine({ level: "warn", msg: /^SITE_URL is not set/ })
    expect(notice.msg).toBe(
      `SITE_URL is not set: the links in mails go to ${site.url}, where this machine serves the site (set SITE_URL to its public address in production)`,
    )

    const signedUp = await fetch(`${site.url}/api/waitlist`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: site.url },
      body: JSON.stringify({
        name: "Ana",
        email: "ana-local@example.com",
        message: "Hola",
        city: "",
        metadata: { locale: "en" },
      }),
    })
    expect(signedUp.status).toBe(201)
    const mail = await mailTo("ana-local@example.com", 10_000, settings().MAIL_OUTBOX_DIR)
    const link = (mail.text ?? "").match(/https?:\/\/\S+\/api\/waitlist-confirm\?\S+/)?.[0] ?? ""
    expect(link.startsWith(`${site.url}/api/waitlist-confirm?token=`)).toBe(true)

    await page.goto(link)
    await expect(page).toHaveURL(`${site.url}/waitlist/confirm/`)
    await page.getByRole("button", { name: "Confirm my address" }).click()
    // The person's place, on the local site too.
    await expect(page).toHaveURL(
      new RegExp(`^${site.url.replace(/[.]/g, "\\.")}/waitlist/place\\?code=[A-Za-z\\d]{8}&sig=[\\da-f]{32}$`),
    )
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your place in line")
    await expect(page.getByText(/^You're number [1-9]\d* in line\.$/)).toBeVisible()
  })

  test("the admin's CLI, run beside it with the same HOST and PORT, says so and prints an invitation link that opens the local admin", async ({
    page,
  }) => {
    const { port, hostname } = new URL(site.url)
    const env = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) => !/^(DATABASE_URL|WAITLIST_\w+|SITE_URL|NODE_ENV|PORT|HOST)$/.test(name),
      ),
    )
    const invited = await run(
      process.execPath,
      [path.join(PROJECT_ROOT, "dist", "admin.js"), "invite", "owner-local@team.example", "--role", "owner"],
      {
        cwd: PROJECT_ROOT,
        env: { ...env, ...settings(), HOST: hostname, PORT: port },
      },
    )
    expect(invited.stderr).toBe(
      `admin: SITE_URL is not set: the links in mails go to ${site.url}, where this machine serves the site (set SITE_URL to its public address in production)\n`,
    )
    const link = invited.stdout.match(/https?:\/\/\S+\/admin\/invite#[\w-]{43}/)?.[0] ?? ""
    expect(link.startsWith(`${site.url}/admin/invite#`)).toBe(true)

    await page.goto(link)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set up your account")
    await expect(
      page.getByText("This invitation makes owner-local@team.example an account of the owner role."),
    ).toBeVisible()
  })
})
