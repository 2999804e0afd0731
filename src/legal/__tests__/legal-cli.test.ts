/**
 * @jest-environment node
 */
import { spawnSync } from "child_process"
import path from "path"
import { commitAll, copyLegalRoot, editLegal, readLegal, removeLegalRoots } from "../../../test/support/legal-root"
import { PROJECT_ROOT } from "../../../test/support/project-root"

/** Runs `npx tsx scripts/legal.ts <args>` in a process of its own, as `npm run legal -- <args>` does. */
function legal(...args: string[]) {
  const result = spawnSync("npx", ["--no-install", "tsx", path.join(PROJECT_ROOT, "scripts", "legal.ts"), ...args], { cwd: PROJECT_ROOT, encoding: "utf8" })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr.replace(/^npm warn .*\n/gm, "") }
}

afterAll(removeLegalRoots)

describe("npm run legal", () => {
  it("fails the check of an edited policy, saying to run new-version, and passes once it has run", () => {
    const root = copyLegalRoot()
    commitAll(root)
    editLegal(root, "privacy-policy.md", "We do not sell your personal information.", "We never sell your personal information.")

    expect(legal("check", "--root", root)).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "content/legal/privacy-policy.md: has changed, but its `effectiveDate` is still 2025-05-25: run `npm run legal -- new-version privacy-policy <YYYY-MM-DD>` for a new version, or `npm run legal -- amend privacy-policy` for a correction that needs none\n",
    })
    expect(legal("new-version", "privacy-policy", "2025-09-01", "--root", root)).toEqual({
      code: 0,
      stdout: "Archived the version in force as content/legal/archive/privacy-policy/2025-05-25.md; content/legal/privacy-policy.md is now effective 2025-09-01.\n",
      stderr: "",
    })
    expect(legal("check", "--root", root)).toEqual({ code: 0, stdout: "The legal texts match content/legal/legal.lock.json.\n", stderr: "" })
    expect(readLegal(root, "archive/privacy-policy/2025-05-25.md")).toContain("We do not sell your personal information.")
  })

  it("refuses a date that is not after the current one, with exit code 1", () => {
    const root = copyLegalRoot()
    expect(legal("new-version", "terms-and-conditions", "2025-05-01", "--root", root)).toEqual({
      code: 1,
      stdout: "",
      stderr: "2025-05-01 is not after 2025-05-25, the effective date of the version in force of content/legal/terms-and-conditions.md\n",
    })
  })

  it("reads the project from LEGAL_ROOT and prints the status of each text", () => {
    const root = copyLegalRoot()
    const result = spawnSync("npx", ["--no-install", "tsx", "scripts/legal.ts", "status"], { cwd: PROJECT_ROOT, encoding: "utf8", env: { ...process.env, LEGAL_ROOT: root } })
    expect(result.stdout).toBe("privacy-policy en: current\nterms-and-conditions en: current\n")
    expect(result.status).toBe(0)
  })

  it.each([[[]], [["new-version", "privacy-policy"]], [["check", "--lang", "es"]], [["amend"]], [["publish"]], [["check", "--root"]]])(
    "prints the usage and exits with 1 for the arguments %j",
    (args) => {
      const result = legal(...args)
      expect(result.code).toBe(1)
      expect(result.stderr.split("\n")[0]).toBe("Usage: npm run legal -- <command> [--lang <code>] [--root <dir>]")
    },
  )
})
