/**
 * @jest-environment node
 */
import { usePostgresDatabases } from "../../../../test/support/postgres-for-suite"
import { describeStoreClickCounting } from "../../../../test/support/store-click-counting-behaviour"

describe("the counting of store clicks with the PostgreSQL store", () =>
  describeStoreClickCounting(usePostgresDatabases()))
