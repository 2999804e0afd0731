/**
 * @jest-environment node
 */
import { startPostgresServer, type PostgresServer } from "../../testing/postgres-server"
import { ensureProductionBuild } from "../../testing/production-build"
import { recordFigures } from "../../testing/reliability-figures"
import { describeWaitlistAbuse } from "../../testing/waitlist-abuse-behaviour"
import { describeWaitlistFuzzing } from "../../testing/waitlist-fuzz-behaviour"
import { describeWaitlistInjection } from "../../testing/waitlist-injection-behaviour"

let postgres: PostgresServer
beforeAll(async () => {
  await ensureProductionBuild()
  postgres = await startPostgresServer()
}, 10 * 60_000)
afterAll(() => postgres?.stop())

const backend = {
  newStore: async () => ({ DATABASE_URL: await postgres.createDatabase() }),
  figures: recordFigures("robustness", "PostgreSQL"),
}

describe("the waitlist fed arbitrary input and bursts, with the PostgreSQL store", () => describeWaitlistFuzzing(backend))
describe("the waitlist fed injection payloads, with the PostgreSQL store", () => describeWaitlistInjection(backend))
describe("the waitlist under abuse, with the PostgreSQL store", () => describeWaitlistAbuse(backend))
