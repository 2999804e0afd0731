/**
 * @jest-environment node
 */
import { usePostgresDatabases } from "../../testing/postgres-for-suite"
import { recordFigures } from "../../testing/reliability-figures"
import { describeWaitlistAbuse } from "../../testing/waitlist-abuse-behaviour"
import { describeWaitlistFuzzing } from "../../testing/waitlist-fuzz-behaviour"
import { describeWaitlistHostileInput } from "../../testing/waitlist-hostile-behaviour"
import { describeWaitlistInjection } from "../../testing/waitlist-injection-behaviour"

const newDatabase = usePostgresDatabases()

const backend = {
  newStore: newDatabase,
  figures: recordFigures("robustness", "PostgreSQL"),
}

describe("the waitlist fed arbitrary input and bursts, with the PostgreSQL store", () => describeWaitlistFuzzing(backend))
describe("the waitlist fed injection payloads, with the PostgreSQL store", () => describeWaitlistInjection(backend))
describe("the waitlist under abuse, with the PostgreSQL store", () => describeWaitlistAbuse(backend))
describe("the waitlist fed the requests that once stopped or held it, with the PostgreSQL store", () =>
  describeWaitlistHostileInput({ ...backend, figures: recordFigures("hostile-input", "PostgreSQL") }),
)
