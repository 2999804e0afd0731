/**
 * `npm run legal -- <command>`: checks the legal texts against their lock,
 * starts new versions, records amendments and says which translations lag
 * behind (see src/legal/run-legal-command.ts for the commands).
 */
import path from "path"
import { runLegalCommand } from "../src/legal/run-legal-command"

const root = process.env.LEGAL_ROOT || path.resolve(__dirname, "..")
process.exitCode = runLegalCommand(process.argv.slice(2), root, {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
})
