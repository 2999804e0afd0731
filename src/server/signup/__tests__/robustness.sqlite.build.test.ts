/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { ensureProductionBuild } from "../../../../test/support/production-build"
import { recordFigures } from "../../../../test/support/reliability-figures"
import { describeWaitlistAbuse } from "../../../../test/support/waitlist-abuse-behaviour"
import { describeWaitlistFuzzing } from "../../../../test/support/waitlist-fuzz-behaviour"
import { describeWaitlistHostileInput } from "../../../../test/support/waitlist-hostile-behaviour"
import { describeWaitlistInjection } from "../../../../test/support/waitlist-injection-behaviour"

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "waitlist-robustness-sqlite-"))
let stores = 0

beforeAll(() => ensureProductionBuild(), 10 * 60_000)
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const backend = {
  newStore: async () => ({ WAITLIST_DB_PATH: path.join(dir, `store-${++stores}`, "waitlist.sqlite") }),
  figures: recordFigures("robustness", "SQLite"),
}

describe("the waitlist fed arbitrary input and bursts, with the SQLite store", () => describeWaitlistFuzzing(backend))
describe("the waitlist fed injection payloads, with the SQLite store", () => describeWaitlistInjection(backend))
describe("the waitlist under abuse, with the SQLite store", () => describeWaitlistAbuse(backend))
describe("the waitlist fed the requests that once stopped or held it, with the SQLite store", () =>
  describeWaitlistHostileInput({ ...backend, figures: recordFigures("hostile-input", "SQLite") }))
