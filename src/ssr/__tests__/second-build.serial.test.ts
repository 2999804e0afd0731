/**
 * @jest-environment node
 *
 * Pages are shaped while Gatsby renders them and nothing rewrites them
 * afterwards, so building again changes nothing: the same HTML, the same
 * island script, every script a page loads present. (It runs on its own,
 * after the other suites, because it rebuilds public/ that they serve.)
 */
import crypto from "crypto"
import fs from "fs"
import { withBuildLock } from "../../../test/support/build-lock"
import { builtFilePath, builtHtmlFiles, parseHtml, scriptSources } from "../../../test/support/built-pages"
import { ensureProductionBuild, gatsbyBuild } from "../../../test/support/production-build"

const fingerprint = () =>
  Object.fromEntries(
    builtHtmlFiles().map((page) => [
      page,
      crypto
        .createHash("sha256")
        .update(fs.readFileSync(builtFilePath(page)))
        .digest("hex"),
    ]),
  )

describe("a second gatsby build", () => {
  it(
    "writes the same pages as the first, each loading only scripts that exist",
    async () => {
      await ensureProductionBuild()
      const first = fingerprint()
      await withBuildLock(() => gatsbyBuild())
      expect(fingerprint()).toEqual(first)
      for (const page of Object.keys(first)) {
        for (const src of scriptSources(parseHtml(fs.readFileSync(builtFilePath(page), "utf8")))) {
          expect([page, fs.existsSync(builtFilePath(src))]).toEqual([page, true])
        }
      }
    },
    10 * 60_000,
  )
})
