/**
 * @jest-environment node
 */
import { usePostgresDatabases } from "../../../../test/support/postgres-for-suite"
import { describeSequences } from "../../../../test/support/sequence-behaviour"

const newDatabase = usePostgresDatabases()

describe("the sequences from two instances of the production server on one PostgreSQL database", () => {
  describeSequences(newDatabase, { instances: 2 })
})
