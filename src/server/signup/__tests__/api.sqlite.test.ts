/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { describeWaitlistApi } from "../../../../test/support/waitlist-api-behaviour"
import { describeWaitlistApiLimits } from "../../../../test/support/waitlist-api-limits-behaviour"

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "waitlist-api-sqlite-"))
let stores = 0

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const backend = {
  newStore: async () => ({ WAITLIST_DB_PATH: path.join(dir, `store-${++stores}`, "waitlist.sqlite") }),
  unreachableStore: async () => {
    const regularFile = path.join(dir, "a-file")
    fs.writeFileSync(regularFile, "")
    return { WAITLIST_DB_PATH: path.join(regularFile, "waitlist.sqlite") }
  },
  server: "in-process" as const,
  unreachableCause: /cannot open the SQLite waitlist at .*a-file\/waitlist\.sqlite/,
}

describe("POST /api/waitlist with the SQLite store", () => describeWaitlistApi(backend))
describe("the waitlist's limits with the SQLite store", () => describeWaitlistApiLimits(backend))
