/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { ensureProductionBuild } from "../../../../test/support/production-build"
import { describeStoreClickCounting } from "../../../../test/support/store-click-counting-behaviour"

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-clicks-sqlite-"))
let stores = 0

beforeAll(() => ensureProductionBuild(), 10 * 60_000)
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe("the counting of store clicks with the SQLite store", () =>
  describeStoreClickCounting(async () => ({ WAITLIST_DB_PATH: path.join(dir, `store-${++stores}.sqlite`) })))
