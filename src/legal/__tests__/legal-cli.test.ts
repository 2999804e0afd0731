/**
 * @jest-environment node
 */
import { spawnSync } from "child_process"
import fs from "fs"
import path from "path"
import {
  commitAll,
  copyLegalRoot,
  editLegal,
  readLegal,
  removeLegalRoots,
  writeLegal,
} from "../../../test/support/legal-root"
import { runLegal } from "../../../test/support/legal-cli"
import { PROJECT_ROOT } from "../../../test/support/project-root"
import { newVersion } from "../new-version"

afterAll(removeLegalRoots)

describe("npm run legal", () => {
  it("fails the check of an edited policy, saying to run new-version, and passes once it has run", () => {
    const root = copyLegalRoot()
    commitAll(root)
    editLegal(
      root,
      "privacy-policy.md",
      "We do not sell your personal information.",
      "We never sell your personal information.",
    )

    expect(runLegal("check", "--root", root)).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "content/legal/privacy-policy.md: has changed, but its `effectiveDate` is still 2025-05-25: run `npm run legal -- new-version privacy-policy <YYYY-MM-DD>` for a new version, or `npm run legal -- amend privacy-policy` for a correction that needs none\n",
    })
    expect(runLegal("new-version", "privacy-policy", "2025-09-01", "--root", root)).toEqual({
      code: 0,
      stdout:
        "Archived the version in force as content/legal/archive/privacy-policy/2025-05-25.md; content/legal/privacy-policy.md is now effective 2025-09-01.\n",
      stderr: "",
    })
    expect(runLegal("check", "--root", root)).toEqual({
      code: 0,
      stdout: "The legal texts match content/legal/legal.lock.json.\n",
      stderr: "",
    })
    expect(readLegal(root, "archive/privacy-policy/2025-05-25.md")).toContain(
      "We do not sell your personal information.",
    )
  })

  it("refuses a date that is not after the current one, with exit code 1", () => {
    const root = copyLegalRoot()
    expect(runLegal("new-version", "terms-and-conditions", "2025-05-01", "--root", root)).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "2025-05-01 is not after 2025-05-25, the effective date of the version in force of content/legal/terms-and-conditions.md\n",
    })
  })

  it("reads the project from LEGAL_ROOT and says which version of each text is in force and which comes", () => {
    const root = copyLegalRoot()
    newVersion(root, "privacy-policy", "2099-01-01")
    const result = spawnSync("npx", ["--no-install", "tsx", "scripts/legal.ts", "status"], {
      cwd: PROJECT_ROOT,
      encoding: "utf8",
      env: { ...process.env, LEGAL_ROOT: root },
    })
    expect(result.stdout).toBe(
      "privacy-policy en: 2025-05-25 in force, 2099-01-01 to come\nterms-and-conditions en: 2025-05-25 in force\n",
    )
    expect(result.status).toBe(0)
  })

  it("fails status on a text that fails the check, with the check's own words", () => {
    const root = copyLegalRoot()
    editLegal(
      root,
      "privacy-policy.md",
      "We do not sell your personal information.",
      "We never sell your personal information.",
    )
    const check = runLegal("check", "--root", root)
    expect(runLegal("status", "--root", root)).toEqual({
      code: 1,
      stdout:
        "privacy-policy en: 2025-05-25 in force; fails the check (1 problem, below)\nterms-and-conditions en: 2025-05-25 in force\n",
      stderr: check.stderr,
    })
    expect(check.code).toBe(1)
  })

  it("refuses a document or a language that is not one of the site's, and writes nothing outside content/legal/", () => {
    const root = copyLegalRoot()
    const lock = readLegal(root, "legal.lock.json")
    // A Markdown file outside content/legal/ that `add ../../x` once recorded.
    fs.writeFileSync(path.join(root, "x.md"), "---\ntitle: X\neffectiveDate: 2025-05-25\n---\n\nX.\n")
    const notADocument = (name: string) =>
      `${JSON.stringify(name)} is not a legal text of the site: privacy-policy, terms-and-conditions\n`
    expect(runLegal("add", "../../x", "--root", root)).toEqual({ code: 1, stdout: "", stderr: notADocument("../../x") })
    expect(runLegal("new-version", "../../x", "2026-01-01", "--root", root)).toEqual({
      code: 1,
      stdout: "",
      stderr: notADocument("../../x"),
    })
    expect(runLegal("amend", "cookie-policy", "--root", root)).toEqual({
      code: 1,
      stdout: "",
      stderr: notADocument("cookie-policy"),
    })
    expect(runLegal("add", "privacy-policy", "--lang", "../../x", "--root", root)).toEqual({
      code: 1,
      stdout: "",
      stderr: '"../../x" is not a language of the site: en, es, fr, de, pt-br, ja\n',
    })
    expect(readLegal(root, "legal.lock.json")).toBe(lock)
    expect(fs.readdirSync(root).sort()).toEqual(["content", "x.md"])
  })

  it("fails the check of a lock that names a file outside content/legal/", () => {
    const root = copyLegalRoot()
    writeLegal(
      root,
      "legal.lock.json",
      readLegal(root, "legal.lock.json").replace('"file": "privacy-policy.md"', '"file": "../../x.md"'),
    )
    expect(runLegal("check", "--root", root)).toEqual({
      code: 1,
      stdout: "",
      stderr:
        'content/legal/legal.lock.json: content/legal/legal.lock.json names the file "../../x.md" for privacy-policy (en) effective 2025-05-25, not content/legal/privacy-policy.md: a lock names only the site\'s texts, in the files of content/legal/ the commands write; restore it from git\n',
    })
  })

  it.each([
    [[]],
    [["new-version", "privacy-policy"]],
    [["check", "--lang", "es"]],
    [["amend"]],
    [["publish"]],
    [["check", "--root"]],
  ])("prints the usage and exits with 1 for the arguments %j", (args) => {
    const result = runLegal(...args)
    expect(result.code).toBe(1)
    expect(result.stderr.split("\n")[0]).toBe("Usage: npm run legal -- <command> [--lang <code>] [--root <dir>]")
  })
})
