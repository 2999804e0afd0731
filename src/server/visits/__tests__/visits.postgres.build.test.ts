/**
 * @jest-environment node
 */
import { usePostgresCluster } from "../../../../test/support/postgres-for-suite"
import { describeVisitCounting } from "../../../../test/support/visit-counting-behaviour"

const cluster = usePostgresCluster()

describe("the counting of visits with the PostgreSQL store", () =>
  describeVisitCounting(async () => ({ DATABASE_URL: await cluster().createDatabase() }), {
    // The cluster shut down as an outage would, and started again with its data.
    break: async (settings) => {
      await cluster().halt()
      return settings
    },
    mend: () => cluster().resume(),
  }))
