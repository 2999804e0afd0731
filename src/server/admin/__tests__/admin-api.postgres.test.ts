/**
 * @jest-environment node
 */
import { startPostgresServer, type PostgresServer } from "../../../../test/support/postgres-server"
import { describeAdminApi } from "../../../../test/support/admin-api-behaviour"

let postgres: PostgresServer | undefined
beforeAll(async () => {
  postgres = await startPostgresServer()
}, 120_000)
afterAll(() => postgres?.stop())

describe("the admin's API with the PostgreSQL store", () =>
  describeAdminApi({
    newStore: async () => {
      if (!postgres) throw new Error("the PostgreSQL cluster of this test file did not start")
      return { DATABASE_URL: await postgres.createDatabase() }
    },
  }))
