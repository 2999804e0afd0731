/**
 * @jest-environment node
 */
import { freePort } from "../../testing/free-port"
import { startPostgresServer, type PostgresServer } from "../../testing/postgres-server"
import { ensureProductionBuild } from "../../testing/production-build"
import { describeWaitlistApi } from "../../testing/waitlist-api-behaviour"
import { describeWaitlistApiLimits } from "../../testing/waitlist-api-limits-behaviour"

let postgres: PostgresServer
beforeAll(async () => {
  await ensureProductionBuild()
  postgres = await startPostgresServer()
}, 10 * 60_000)
afterAll(() => postgres?.stop())

const backend = {
  newStore: async () => ({ DATABASE_URL: await postgres.createDatabase() }),
  unreachableStore: async () => ({ DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/waitlist` }),
  unreachableCause: /the PostgreSQL waitlist failed: .*ECONNREFUSED/,
}

describe("POST /api/waitlist with the PostgreSQL store", () => describeWaitlistApi(backend))
describe("the waitlist's limits with the PostgreSQL store", () => describeWaitlistApiLimits(backend))
