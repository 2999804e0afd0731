/**
 * @jest-environment node
 */
import { usePostgresDatabases } from "../../../../test/support/postgres-for-suite"
import { recordFigures } from "../../../../test/support/reliability-figures"
import { describeWaitlistMail } from "../../../../test/support/waitlist-mail-behaviour"

const newDatabase = usePostgresDatabases()

describe("the waitlist's mail with the PostgreSQL store", () =>
  describeWaitlistMail(newDatabase, recordFigures("mail", "PostgreSQL")))
