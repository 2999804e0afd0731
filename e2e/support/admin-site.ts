import fs from "fs"
import http from "http"
import os from "os"
import path from "path"
import type { AddressInfo } from "net"
import type { BrowserContext } from "@playwright/test"
import { startPostgresServer, type PostgresServer } from "../../test/support/postgres-server"
import { startSiteServer, type RunningSite } from "../../test/support/site-server-process"
import { siteUrl } from "./test"

/** A production server the admin's browser tests use, with the settings that name its store, and the folder it writes its mail to (it has no SMTP server). */
export type AdminSite = { url: string; settings: Record<string, string>; mailDir: string; stop: () => Promise<void> }

/**
 * The production server of a store: on SQLite, the suite's own server (see
 * global-setup); on PostgreSQL, a server started here on a throwaway
 * cluster, stopped with it.
 */
export async function adminSiteOn(store: "sqlite" | "postgres"): Promise<AdminSite> {
  if (store === "sqlite") {
    const file = process.env.E2E_WAITLIST_DB_PATH
    const mailDir = process.env.E2E_MAIL_OUTBOX_DIR
    if (!file || !mailDir)
      throw new Error(
        "E2E_WAITLIST_DB_PATH or E2E_MAIL_OUTBOX_DIR is not set: run the suite through playwright.config.ts",
      )
    return { url: siteUrl(), settings: { WAITLIST_DB_PATH: file }, mailDir, stop: async () => undefined }
  }
  const postgres: PostgresServer = await startPostgresServer()
  let site: RunningSite | undefined
  try {
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-site-mail-"))
    const settings = { DATABASE_URL: await postgres.createDatabase(), WAITLIST_RATE_LIMIT: "0" }
    site = await startSiteServer({ ...settings, MAIL_OUTBOX_DIR: mailDir }, { echoComplaints: true })
    const started = site
    return {
      url: started.url,
      settings,
      mailDir,
      stop: async () => {
        await started.stop()
        await postgres.stop()
        fs.rmSync(mailDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await site?.stop()
    await postgres.stop()
    throw error
  }
}

/**
 * A page of another origin on this machine (another port is another origin
 * of the same site, so the browser sends even a SameSite=Strict cookie
 * with its requests) whose form posts a JSON-looking body to `target`, as
 * a page trying to act with an admin's session would.
 */
export async function otherOrigin(target: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const form = `<!doctype html><html lang="en"><title>Another origin</title><form method="post" action="${target}" enctype="text/plain"><input type="hidden" name='{"email":"a@b.example","password":"x","code":"' value='"}'><button>Send</button></form></html>`
  const server = http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "text/html" }).end(form))
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** Gives the browser an admin's session, as it holds it after taking an invitation. */
export async function withSession(context: BrowserContext, site: { url: string }, cookie: string): Promise<void> {
  const [name = "", value = ""] = cookie.split("=")
  await context.addCookies([
    { name, value, domain: new URL(site.url).hostname, path: "/", secure: true, httpOnly: true, sameSite: "Strict" },
  ])
}
