/**
 * The waitlist's command line for the company, on the store the server uses
 * (DATABASE_URL, else WAITLIST_DB_PATH):
 *   npm run --silent waitlist -- count
 *   npm run --silent waitlist -- export > waitlist.csv
 *   npm run --silent waitlist -- delete ana@example.com
 */
import { readSettings } from "../settings"
import { openWaitlistStore } from "./open-waitlist-store"
import { runWaitlistCommand } from "./run-waitlist-command"

try {
  const { store } = readSettings(process.env)
  void runWaitlistCommand(process.argv.slice(2), {
    openStore: () => openWaitlistStore(store),
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  }).then((code) => {
    process.exitCode = code
  })
} catch (error) {
  process.stderr.write(`waitlist: ${(error as Error).message}\n`)
  process.exitCode = 1
}
