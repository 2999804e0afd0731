/**
 * @jest-environment node
 */
import fs from "fs"
import net from "net"
import os from "os"
import path from "path"
import { openDb, type Db } from "../../db/db"
import { outboxDepth } from "../../outbox/outbox-queries"
import { NOTHING_TO_DELIVER } from "../../signup/confirmation-rules"
import { createReadiness, STORE_ANSWER_MS } from "../readiness"
import { capturedLogger } from "../../../../test/support/test-logger"
import { submitSignup } from "../../signup/sign-up"

let dir: string
const stores: Db[] = []
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "readiness-"))
})
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close().catch(() => undefined)))
  fs.rmSync(dir, { recursive: true, force: true })
})

const opened = (store: Db) => {
  stores.push(store)
  return store
}

/** A TCP server that takes connections and never says a word: a database that hangs. */
async function silentServer(): Promise<{ port: number; close: () => void }> {
  const sockets: net.Socket[] = []
  const server = net.createServer((socket) => void sockets.push(socket))
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => (sockets.forEach((socket) => socket.destroy()), server.close()),
  }
}

describe("the instance's readiness", () => {
  it("is ready while the store answers, with the outbox's pending deliveries and the age of the oldest", async () => {
    const store = opened(openDb({ kind: "sqlite", file: path.join(dir, "ready.sqlite") }))
    const notify = { kind: "notify" as const, recipient: "team@example.com", payload: "{}" }
    await submitSignup(store, {
      entry: { name: "Ana", email: "ana@example.com", message: "", metadata: {} },
      discard: false,
      rateLimit: null,
      plan: { ...NOTHING_TO_DELIVER, notify },
      now: new Date(Date.now() - 90_000),
    })
    const readiness = createReadiness({
      outboxDepth: () => outboxDepth(store),
      stopping: () => false,
      log: capturedLogger().log,
    })
    const none = { pending: 0, oldestPendingSeconds: null }
    const oldest = { pending: 1, oldestPendingSeconds: expect.any(Number) }
    expect(await readiness.check()).toEqual({
      ready: true,
      notReady: [],
      store: "ok",
      outbox: { ...oldest, paused: 0, lanes: { mail: oldest, webhook: none, bulk: none } },
      bounceMailbox: "off",
    })
    expect((await readiness.check()).outbox?.oldestPendingSeconds).toBeGreaterThanOrEqual(90)
    expect((await readiness.check()).outbox?.lanes.mail?.oldestPendingSeconds).toBeGreaterThanOrEqual(90)
  })

  it("is not ready while a shutdown is under way, saying so", async () => {
    const store = opened(openDb({ kind: "sqlite", file: path.join(dir, "stopping.sqlite") }))
    const readiness = createReadiness({
      outboxDepth: () => outboxDepth(store),
      stopping: () => true,
      log: capturedLogger().log,
    })
    const none = { pending: 0, oldestPendingSeconds: null }
    expect(await readiness.check()).toEqual({
      ready: false,
      notReady: ["shutdown"],
      store: "ok",
      outbox: { ...none, paused: 0, lanes: { mail: none, webhook: none, bulk: none } },
      bounceMailbox: "off",
    })
  })

  it("says whether the bounce mailbox could be read, and stays ready while it cannot", async () => {
    const store = opened(openDb({ kind: "sqlite", file: path.join(dir, "mailbox.sqlite") }))
    let readable = true
    const readiness = createReadiness({
      outboxDepth: () => outboxDepth(store),
      stopping: () => false,
      bounceMailboxReadable: () => readable,
      log: capturedLogger().log,
    })
    expect(await readiness.check()).toMatchObject({ ready: true, notReady: [], bounceMailbox: "ok" })
    readable = false
    expect(await readiness.check()).toMatchObject({ ready: true, notReady: [], bounceMailbox: "failing" })
  })

  it("is not ready when the store cannot be opened, logging the cause once, not at every probe", async () => {
    fs.writeFileSync(path.join(dir, "a-file"), "")
    const { log, lines } = capturedLogger()
    const unopenable = opened(openDb({ kind: "sqlite", file: path.join(dir, "a-file", "waitlist.sqlite") }))
    const readiness = createReadiness({ outboxDepth: () => outboxDepth(unopenable), stopping: () => false, log })
    expect(await readiness.check()).toEqual({
      ready: false,
      notReady: ["store"],
      store: "unavailable",
      outbox: null,
      bounceMailbox: "off",
    })
    await new Promise((resolve) => setTimeout(resolve, 1100))
    await readiness.check()
    expect(lines()).toEqual([
      expect.objectContaining({
        level: "warn",
        msg: "readiness: the store is not ready",
        store: "unavailable",
        cause: expect.stringContaining("cannot open the SQLite waitlist"),
      }),
    ])
  })

  it(`answers within about ${STORE_ANSWER_MS} ms when the store hangs, and sends it no second query meanwhile`, async () => {
    const hanging = await silentServer()
    const store = opened(openDb({ kind: "postgres", url: `postgres://site@127.0.0.1:${hanging.port}/waitlist` }))
    const readiness = createReadiness({
      outboxDepth: () => outboxDepth(store),
      stopping: () => false,
      log: capturedLogger().log,
    })
    try {
      const started = Date.now()
      expect(await readiness.check()).toEqual({
        ready: false,
        notReady: ["store"],
        store: "slow",
        outbox: null,
        bounceMailbox: "off",
      })
      expect(Date.now() - started).toBeLessThan(STORE_ANSWER_MS + 500)
      await new Promise((resolve) => setTimeout(resolve, 1100))
      expect(await readiness.check()).toEqual(expect.objectContaining({ ready: false, store: "slow" }))
    } finally {
      hanging.close()
    }
  })
})
