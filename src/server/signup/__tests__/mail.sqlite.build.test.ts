/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { ensureProductionBuild } from "../../../../test/support/production-build"
import { recordFigures } from "../../../../test/support/reliability-figures"
import { describeWaitlistMail } from "../../../../test/support/waitlist-mail-behaviour"

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "waitlist-mail-sqlite-"))
let stores = 0

beforeAll(() => ensureProductionBuild(), 10 * 60_000)
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe("the waitlist's mail with the SQLite store", () =>
  describeWaitlistMail(
    async () => ({ WAITLIST_DB_PATH: path.join(dir, `store-${++stores}.sqlite`) }),
    recordFigures("mail", "SQLite"),
  ))
