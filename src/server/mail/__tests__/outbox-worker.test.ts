/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import type { Delivery } from "../../waitlist/deliveries"
import { NOTHING_TO_DELIVER } from "../../waitlist/plan-deliveries"
import { SqliteWaitlistStore } from "../../waitlist/sqlite-store"
import { OutboxWorker } from "../outbox-worker"

const notify = { kind: "notify" as const, recipient: "team@example.com", payload: "{}" }

/** A store in a new SQLite file holding `count` sign-ups, each with one mail to the team. */
async function storeWithMail(count: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-worker-"))
  const store = new SqliteWaitlistStore(path.join(dir, "waitlist.sqlite"))
  const now = new Date()
  for (let i = 0; i < count; i++) {
    const entry = { name: `Reader ${i}`, email: `reader-${i}@example.com`, message: "", metadata: {} }
    await store.submit({ entry, discard: false, rateLimit: null, plan: { ...NOTHING_TO_DELIVER, notify }, now })
  }
  return { store, close: () => store.close().then(() => fs.rmSync(dir, { recursive: true, force: true })) }
}

/** Runs a worker over the store until `count` deliveries were made; gives the time of each. */
async function deliverAll(store: SqliteWaitlistStore, count: number, busy?: (wakes: number) => boolean, work = () => {}): Promise<number[]> {
  const times: number[] = []
  let done: () => void = () => {}
  const finished = new Promise<void>((resolve) => (done = resolve))
  const worker = new OutboxWorker({
    store: () => store,
    deliver: async (_delivery: Delivery) => {
      work()
      times.push(Date.now())
      if (times.length === count) done()
      return { ok: true }
    },
    leaseMs: 60_000,
    retryBaseMs: 15_000,
    rateWindowMs: 60_000,
    log: () => {},
    busy,
  })
  worker.start()
  await finished
  await worker.stop()
  return times
}

describe("the outbox worker", () => {
  it("holds the lease of a try that outlasts it, so a second worker never sends the same mail", async () => {
    const { store, close } = await storeWithMail(4)
    const other = new SqliteWaitlistStore(store.file)
    const tries: string[] = []
    const workers = [store, other].map(
      (workerStore) =>
        new OutboxWorker({
          store: () => workerStore,
          // Each try takes four leases long, as with an SMTP server trickling its answers.
          deliver: async (delivery: Delivery) => {
            tries.push(delivery.id)
            await new Promise((resolve) => setTimeout(resolve, 1200))
            return { ok: true }
          },
          leaseMs: 300,
          retryBaseMs: 15_000,
          rateWindowMs: 60_000,
          log: () => {},
          pollMs: 50,
          busy: () => false,
        }),
    )
    try {
      workers.forEach((worker) => worker.start())
      await new Promise((resolve) => setTimeout(resolve, 2500))
      await Promise.all(workers.map((worker) => worker.stop()))
      expect(tries.sort()).toEqual(["1", "2", "3", "4"])
      expect(await store.outbox.list(["sent"])).toHaveLength(4)
    } finally {
      await other.close()
      await close()
    }
  })

  it("delivers a backlog batch after batch while the process is idle", async () => {
    const { store, close } = await storeWithMail(35)
    try {
      const times = await deliverAll(store, 35, () => false)
      expect(times).toHaveLength(35)
      expect((await store.outbox.list(["pending"])).length).toBe(0)
    } finally {
      await close()
    }
  })

  it("keeps delivering a backlog at full speed when its own work is all that keeps the process busy", async () => {
    const { store, close } = await storeWithMail(35)
    try {
      const burnTwoMs = () => {
        const until = performance.now() + 2
        while (performance.now() < until);
      }
      const times = await deliverAll(store, 35, undefined, burnTwoMs)
      // Every batch but the first follows a fully busy event loop, and no sign-up arrived: no pause.
      expect(times[34]! - times[0]!).toBeLessThan(900)
    } finally {
      await close()
    }
  })

  it("lets a busy process answer first: one batch of ten a second, and nothing lost", async () => {
    const { store, close } = await storeWithMail(25)
    try {
      const times = await deliverAll(store, 25, () => true)
      const first = times[0]!
      // Ten at once, the next ten no sooner than a second later, the last five a second after those.
      expect(times.filter((t) => t - first < 900)).toHaveLength(10)
      expect(times.filter((t) => t - first < 1900)).toHaveLength(20)
      expect((await store.outbox.list(["pending"])).length).toBe(0)
    } finally {
      await close()
    }
  }, 20_000)
})
