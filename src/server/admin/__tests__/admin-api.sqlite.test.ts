/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { describeAdminApi } from "../../../../test/support/admin-api-behaviour"
import { describeAdminAnnouncementsApi } from "../../../../test/support/admin-announcements-behaviour"

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-api-sqlite-"))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe("the admin's API with the SQLite store", () =>
  describeAdminApi({ newStore: async () => ({ WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite") }) }))
describe("the admin's announcements with the SQLite store", () =>
  describeAdminAnnouncementsApi({
    newStore: async () => ({ WAITLIST_DB_PATH: path.join(dir, "announcements.sqlite") }),
  }))
