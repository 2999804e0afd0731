/**
 * Writes src/gatsby-types.d.ts, the types of the site's GraphQL queries,
 * before `npm run typecheck` checks the code against them. The file is
 * generated, not committed: Gatsby writes it when it builds
 * (`graphqlTypegen.generateOnBuild` in gatsby-config), so this builds the
 * site when the types or the build are missing or their sources changed
 * since, whatever address the last build was made for, and otherwise does
 * nothing. The build it makes is the one the tests then use.
 */
import { reasonToBuild } from "../src/build/build-state"
import { ensureProductionBuild } from "../test/support/production-build"
import { PROJECT_ROOT } from "../test/support/project-root"

const reason = reasonToBuild(PROJECT_ROOT)
if (reason !== null) {
  process.stderr.write(`The GraphQL query types need a build (${reason}).\n`)
  ensureProductionBuild().catch((error: unknown) => {
    process.stderr.write(`${(error as Error).message}\n`)
    process.exitCode = 1
  })
}
