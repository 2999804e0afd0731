/**
 * The admin's command line, on the store the server uses (DATABASE_URL,
 * else WAITLIST_DB_PATH), for whoever has a shell on the server:
 *   npm run --silent admin -- invite ana@example.com --role owner
 *   npm run --silent admin -- list
 *   npm run --silent admin -- revoke ana@example.com
 *   npm run --silent admin -- audit
 */
import { openDb } from "../db/db"
import { localLinksNotice, readSettings } from "../settings"
import { runAdminCommand } from "./admin-commands"

try {
  const settings = readSettings(process.env)
  const { store, mail } = settings
  const notice = localLinksNotice(settings)
  if (notice) process.stderr.write(`admin: ${notice}\n`)
  void runAdminCommand(process.argv.slice(2), {
    openDb: () => openDb(store),
    siteUrl: mail.siteUrl,
    now: () => new Date(),
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  }).then((code) => {
    process.exitCode = code
  })
} catch (error) {
  process.stderr.write(`admin: ${(error as Error).message}\n`)
  process.exitCode = 1
}
