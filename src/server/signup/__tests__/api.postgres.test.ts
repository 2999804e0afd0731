/**
 * @jest-environment node
 */
import { freePort } from "../../../../test/support/free-port"
import { usePostgresDatabases } from "../../../../test/support/postgres-for-suite"
import { describeWaitlistApi } from "../../../../test/support/waitlist-api-behaviour"
import { describeWaitlistApiLimits } from "../../../../test/support/waitlist-api-limits-behaviour"

const newDatabase = usePostgresDatabases()

const backend = {
  newStore: newDatabase,
  unreachableStore: async () => ({ DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/waitlist` }),
  server: "in-process" as const,
  unreachableCause: /the PostgreSQL waitlist failed: .*ECONNREFUSED/,
}

describe("POST /api/waitlist with the PostgreSQL store", () => describeWaitlistApi(backend))
describe("the waitlist's limits with the PostgreSQL store", () => describeWaitlistApiLimits(backend))
