import fs from "fs"
import os from "os"
import path from "path"
import type { StoreSettings } from "../../src/server/settings"
import { startPostgresServer, type PostgresServer } from "./postgres-server"

/**
 * For a test file of the store on both databases, without the site's build:
 * a temporary folder and a throwaway PostgreSQL cluster for the file's tests,
 * removed after them. Each call of a kind gives a new, empty store.
 */
export function useThrowawayStores(prefix: string): Record<"sqlite" | "postgres", () => Promise<StoreSettings>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  let postgres: PostgresServer | undefined
  let made = 0
  beforeAll(async () => {
    postgres = await startPostgresServer()
  }, 10 * 60_000)
  afterAll(async () => {
    await postgres?.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }, 60_000)
  return {
    sqlite: async () => ({ kind: "sqlite", file: path.join(dir, `store-${(made += 1)}.sqlite`) }),
    postgres: async () => {
      if (!postgres) throw new Error("the PostgreSQL cluster of this test file did not start")
      return { kind: "postgres", url: await postgres.createDatabase() }
    },
  }
}
