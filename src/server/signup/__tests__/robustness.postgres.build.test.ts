/**
 * @jest-environment node
 */
import { usePostgresDatabases } from "../../../../test/support/postgres-for-suite"
import { recordFigures } from "../../../../test/support/reliability-figures"
import { describeWaitlistAbuse } from "../../../../test/support/waitlist-abuse-behaviour"
import { describeWaitlistFuzzing } from "../../../../test/support/waitlist-fuzz-behaviour"
import { describeWaitlistHostileInput } from "../../../../test/support/waitlist-hostile-behaviour"
import { describeWaitlistInjection } from "../../../../test/support/waitlist-injection-behaviour"

const newDatabase = usePostgresDatabases()

const backend = {
  newStore: newDatabase,
  figures: recordFigures("robustness", "PostgreSQL"),
}

describe("the waitlist fed arbitrary input and bursts, with the PostgreSQL store", () =>
  describeWaitlistFuzzing(backend))
describe("the waitlist fed injection payloads, with the PostgreSQL store", () => describeWaitlistInjection(backend))
describe("the waitlist under abuse, with the PostgreSQL store", () => describeWaitlistAbuse(backend))
describe("the waitlist fed the requests that once stopped or held it, with the PostgreSQL store", () =>
  describeWaitlistHostileInput({ ...backend, figures: recordFigures("hostile-input", "PostgreSQL") }))
