/**
 * The waitlist's command line for the company, on the store the server uses
 * (DATABASE_URL, else WAITLIST_DB_PATH):
 *   npm run --silent waitlist -- count
 *   npm run --silent waitlist -- export > waitlist.csv
 *   npm run --silent waitlist -- delete ana@example.com
 *   npm run --silent waitlist -- stats --days 7
 */
import { readSettings } from "../settings"
import { ownHostsOf } from "../visits/create-visit-counter"
import { openWaitlistStore } from "./open-waitlist-store"
import { runWaitlistCommand } from "./run-waitlist-command"

try {
  const settings = readSettings(process.env)
  void runWaitlistCommand(process.argv.slice(2), {
    openStore: () => openWaitlistStore(settings.store),
    siteHosts: ownHostsOf(settings),
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  }).then((code) => {
    process.exitCode = code
  })
} catch (error) {
  process.stderr.write(`waitlist: ${(error as Error).message}\n`)
  process.exitCode = 1
}
