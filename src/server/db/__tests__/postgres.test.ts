/**
 * @jest-environment node
 */
import net from "net"
import { Client } from "pg"
import { freePort } from "../../../../test/support/free-port"
import { startPostgresServer, type PostgresServer } from "../../../../test/support/postgres-server"
import { describeWaitlistStoreBehaviour } from "../../../../test/support/waitlist-store-behaviour"
import { openDbOf, saveEntry } from "../../../../test/support/waitlist-store-access"
import { COMMAND_LINE } from "../../audit/audit-log"
import { openDb, StoreUnavailableError, type Db } from "../db"
import { erasePerson } from "../../people/erasure"
import { countEntries, listEntries } from "../../entries/entry-list"

const postgresStore = (url: string) => openDb({ kind: "postgres", url })

let server: PostgresServer
beforeAll(async () => {
  server = await startPostgresServer()
}, 60_000)
afterAll(() => server?.stop())

/** Runs every operation of a store that cannot be reached, timing the slowest. */
async function failuresOf(store: Db) {
  const started = Date.now()
  const outcomes = await Promise.allSettled([
    saveEntry(store, { name: "Ana", email: "ana@example.com", message: "", metadata: {} }),
    countEntries(store),
    listEntries(store),
    erasePerson(store, "ana@example.com", COMMAND_LINE, null, new Date()),
  ])
  await store.close()
  return {
    reasons: outcomes.map((outcome) => (outcome.status === "rejected" ? outcome.reason : "fulfilled")),
    ms: Date.now() - started,
  }
}

describe("the PostgreSQL waitlist store", () => {
  describeWaitlistStoreBehaviour({
    newLocation: () => server.createDatabase(),
    open: postgresStore,
    writeFirstSchema: async (url, rows) => {
      const client = new Client({ connectionString: url })
      await client.connect()
      try {
        await client.query(`CREATE TABLE waitlist_schema (version INTEGER NOT NULL); INSERT INTO waitlist_schema VALUES (1);
          CREATE TABLE waitlist_entries (id BIGSERIAL PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL,
            email_normalized TEXT NOT NULL UNIQUE, message TEXT NOT NULL, metadata TEXT NOT NULL,
            created_at TIMESTAMPTZ NOT NULL DEFAULT now(), updated_at TIMESTAMPTZ NOT NULL DEFAULT now())`)
        for (const row of rows) {
          await client.query(
            "INSERT INTO waitlist_entries (name, email, email_normalized, message, metadata, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
            [
              row.name,
              row.email,
              row.email.trim().toLowerCase(),
              row.message,
              row.metadata,
              row.createdAt,
              row.updatedAt,
            ],
          )
        }
      } finally {
        await client.end()
      }
    },
  })

  it("is the store DATABASE_URL selects, even when WAITLIST_DB_PATH is set too", async () => {
    const url = await server.createDatabase()
    const store = openDbOf({ DATABASE_URL: url, WAITLIST_DB_PATH: "/nonexistent/waitlist.sqlite" })
    await saveEntry(store, { name: "Ana", email: "ana@example.com", message: "", metadata: {} })
    await store.close()
    const direct = postgresStore(url)
    expect(await countEntries(direct)).toBe(1)
    await direct.close()
  })

  it("throws StoreUnavailableError within 5 s when nothing listens on its port", async () => {
    const closedPort = await freePort()
    const { reasons, ms } = await failuresOf(postgresStore(`postgres://postgres@127.0.0.1:${closedPort}/waitlist`))
    for (const reason of reasons) expect(reason).toBeInstanceOf(StoreUnavailableError)
    expect(String(reasons[0])).toMatch(/ECONNREFUSED/)
    expect(ms).toBeLessThan(5000)
  })

  it("throws StoreUnavailableError within 5 s when the server accepts the connection but never answers", async () => {
    const sockets = new Set<net.Socket>()
    const silent = net.createServer((socket) => sockets.add(socket))
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve))
    const { port } = silent.address() as net.AddressInfo
    try {
      const { reasons, ms } = await failuresOf(postgresStore(`postgres://postgres@127.0.0.1:${port}/waitlist`))
      for (const reason of reasons) expect(reason).toBeInstanceOf(StoreUnavailableError)
      expect(ms).toBeLessThan(5000)
    } finally {
      sockets.forEach((socket) => socket.destroy())
      silent.close()
    }
  }, 10_000)
})
