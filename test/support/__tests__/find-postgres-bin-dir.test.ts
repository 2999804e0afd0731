/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { findPostgresBinDir } from "../find-postgres-bin-dir"

const root = fs.mkdtempSync(path.join(os.tmpdir(), "pg-bin-"))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

/** A folder holding the given (empty) programs. */
function folderWith(name: string, programs: string[]): string {
  const dir = path.join(root, name)
  fs.mkdirSync(dir, { recursive: true })
  for (const program of programs) fs.writeFileSync(path.join(dir, program), "", { mode: 0o755 })
  return dir
}

/** A pg_config that answers --bindir with this folder, as libpq-dev's does. */
function pgConfigPointingTo(dir: string): string {
  const script = path.join(root, `pg_config-${path.basename(dir)}`)
  fs.writeFileSync(script, `#!/bin/sh\necho ${dir}\n`, { mode: 0o755 })
  return script
}

describe("findPostgresBinDir", () => {
  it("finds the server programs of the PostgreSQL installed here", () => {
    const dir = findPostgresBinDir()
    expect(fs.existsSync(path.join(dir, "initdb"))).toBe(true)
    expect(fs.existsSync(path.join(dir, "pg_ctl"))).toBe(true)
  })

  it("fails saying to `apt-get install postgresql` when no server is installed", () => {
    const search = {
      preferred: "",
      pgConfig: path.join(root, "no-pg_config"),
      versionsRoot: path.join(root, "nothing"),
    }
    expect(() => findPostgresBinDir(search)).toThrow("Install them with `apt-get install postgresql`")
  })

  it("uses PG_BIN_DIR first", () => {
    const preferred = folderWith("preferred", ["initdb", "pg_ctl"])
    expect(findPostgresBinDir({ preferred, pgConfig: path.join(root, "no-pg_config"), versionsRoot: root })).toBe(
      preferred,
    )
  })

  it("passes over a pg_config whose folder holds no server, and takes the newest Debian version", () => {
    const clientOnly = folderWith("client-only", ["psql", "pg_config"])
    const versions = path.join(root, "postgresql")
    folderWith("postgresql/9/bin", ["initdb", "pg_ctl"])
    const newest = folderWith("postgresql/15/bin", ["initdb", "pg_ctl"])
    folderWith("postgresql/16/bin", ["psql"])
    expect(
      findPostgresBinDir({ preferred: "", pgConfig: pgConfigPointingTo(clientOnly), versionsRoot: versions }),
    ).toBe(newest)
  })
})
