/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { ensureProductionBuild } from "../../../../test/support/production-build"
import { describeSequences } from "../../../../test/support/sequence-behaviour"

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sequences-sqlite-"))
beforeAll(() => ensureProductionBuild(), 10 * 60_000)
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe("the sequences from the production server on a SQLite file", () => {
  describeSequences(async () => ({ WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite") }), { instances: 1 })
})
