/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { ensureProductionBuild } from "../../../../test/support/production-build"
import { describeVisitCounting } from "../../../../test/support/visit-counting-behaviour"

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "visits-sqlite-"))
let stores = 0

beforeAll(() => ensureProductionBuild(), 10 * 60_000)
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe("the counting of visits with the SQLite store", () =>
  describeVisitCounting(async () => ({ WAITLIST_DB_PATH: path.join(dir, `store-${++stores}.sqlite`) }), {
    // A file where the store's folder should be: the store cannot be opened until it is gone.
    break: async (settings) => {
      const blocker = path.join(dir, `blocked-${++stores}`)
      fs.writeFileSync(blocker, "")
      return { ...settings, WAITLIST_DB_PATH: path.join(blocker, "waitlist.sqlite") }
    },
    mend: async (settings) => fs.rmSync(path.dirname(settings.WAITLIST_DB_PATH ?? ""), { force: true }),
  }))
