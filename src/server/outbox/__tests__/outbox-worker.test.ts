/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import type { Delivery, DeliveryKinds } from "../deliveries"
import { NOTHING_TO_DELIVER } from "../../signup/confirmation-rules"
import { openDb, type Db } from "../../db/db"
import { OutboxWorker, type OutboxWorkerOptions } from "../outbox-worker"
import { claimed } from "../../../../test/support/outbox-access"
import { capturedLogger, quietLogger } from "../../../../test/support/test-logger"
import { deliveriesIn } from "../outbox-queries"
import { submitSignup } from "../../signup/sign-up"

/** Kinds that write every delivery as one plain mail: the worker's lanes, slots, leases and outcomes are what is tested here. */
const plainMail = {
  messageId: "<m@example.com>",
  from: { name: "", address: "site@example.com" },
  to: { name: "", address: "team@example.com" },
  subject: "s",
  text: "t",
  headers: {},
}
const plain = { load: async () => ({ write: () => ({ mail: plainMail }) }) }
const kinds: DeliveryKinds = {
  notify: plain,
  confirm: plain,
  reminder: plain,
  reward: plain,
  "reward-alert": plain,
  announcement: plain,
  sequence: plain,
  webhook: plain,
}

const notify = { kind: "notify" as const, recipient: "team@example.com", payload: "{}" }
const webhook = { kind: "webhook" as const, recipient: "https://hooks.example.com/in", payload: "{}" }

/** A store in a new SQLite file holding `count` sign-ups, each with one mail to the team (and a webhook event, with `withWebhook`). */
async function storeWithMail(count: number, withWebhook = false) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-worker-"))
  const file = path.join(dir, "waitlist.sqlite")
  const store = openDb({ kind: "sqlite", file })
  const now = new Date()
  for (let i = 0; i < count; i++) {
    const entry = { name: `Reader ${i}`, email: `reader-${i}@example.com`, message: "", metadata: {} }
    await submitSignup(store, {
      entry,
      discard: false,
      rateLimit: null,
      plan: { ...NOTHING_TO_DELIVER, notify, webhook: withWebhook ? webhook : null },
      now,
    })
  }
  return { store, file, close: () => store.close().then(() => fs.rmSync(dir, { recursive: true, force: true })) }
}

/** Runs a worker over the store until `count` deliveries were made; gives the time of each. */
async function deliverAll(store: Db, count: number): Promise<number[]> {
  const times: number[] = []
  let done: () => void = () => {}
  const finished = new Promise<void>((resolve) => (done = resolve))
  const worker = new OutboxWorker({
    db: store,
    kinds,
    send: async () => {
      times.push(Date.now())
      if (times.length === count) done()
      return { ok: true }
    },
    leaseMs: 60_000,
    retryBaseMs: 15_000,
    log: quietLogger,
  })
  worker.start()
  await finished
  await worker.stop()
  return times
}

/** A try that never gets an answer: it ends when its deadline aborts it, as a try at a peer that trickles or hangs does. */
const hangsUntilDeadline = (signal: AbortSignal) =>
  new Promise<{ ok: false; permanent: false; error: string }>((resolve) =>
    signal.addEventListener("abort", () =>
      resolve({ ok: false, permanent: false, error: `gave up: ${(signal.reason as Error).message}` }),
    ),
  )

/** A worker over `store` with a lease of 4 s (so a try's deadline of 2 s), noting what it did and when. */
function watchedWorker(store: Db, send: OutboxWorkerOptions["send"], more: Partial<OutboxWorkerOptions> = {}) {
  return new OutboxWorker({
    db: store,
    kinds,
    send,
    leaseMs: 4000,
    retryBaseMs: 60_000,
    log: quietLogger,
    pollMs: 50,
    ...more,
  })
}

describe("the outbox worker", () => {
  it("gives up a try at its deadline, shorter than its lease, and leaves it to be tried again", async () => {
    const { store, close } = await storeWithMail(1)
    const worker = watchedWorker(store, (_delivery, _outgoing, signal) => hangsUntilDeadline(signal))
    try {
      const started = Date.now()
      worker.start()
      let pending: Delivery[] = []
      while (!pending[0]?.lastError && Date.now() - started < 10_000) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        pending = await deliveriesIn(store, ["pending"])
      }
      expect(Date.now() - started).toBeLessThan(4000)
      expect(pending).toEqual([
        expect.objectContaining({ attempts: 1, lastError: "gave up: nothing came back within 2 s" }),
      ])
    } finally {
      await worker.stop()
      await close()
    }
  })

  it("delivers mail and webhook events in lanes of their own: receivers that never answer hold no mail back", async () => {
    const { store, close } = await storeWithMail(30, true)
    const mailed: number[] = []
    let webhooksGivenUp = 0
    let firstWebhookGivenUpAt = Infinity
    const worker = watchedWorker(store, async (delivery, _outgoing, signal) => {
      if (delivery.kind === "webhook") {
        const result = await hangsUntilDeadline(signal)
        webhooksGivenUp += 1
        firstWebhookGivenUpAt = Math.min(firstWebhookGivenUpAt, Date.now())
        return result
      }
      mailed.push(Date.now())
      return { ok: true }
    })
    try {
      worker.start()
      while (mailed.length < 30 && webhooksGivenUp === 0) await new Promise((resolve) => setTimeout(resolve, 20))
      expect(mailed).toHaveLength(30)
      expect(Math.max(...mailed)).toBeLessThan(firstWebhookGivenUpAt)
    } finally {
      await worker.stop()
      await close()
    }
  })

  it("claims a new delivery as soon as a slot frees, so one mail that hangs holds only its own slot", async () => {
    const { store, close } = await storeWithMail(31)
    const mailed: number[] = []
    let slowGivenUpAt = Infinity
    const worker = watchedWorker(store, async (delivery, _outgoing, signal) => {
      if (delivery.id === 1) {
        const result = await hangsUntilDeadline(signal)
        slowGivenUpAt = Date.now()
        return result
      }
      // Each of the others takes a moment, as a real SMTP exchange does.
      await new Promise((resolve) => setTimeout(resolve, 20))
      mailed.push(delivery.id)
      return { ok: true }
    })
    try {
      const started = Date.now()
      worker.start()
      while (mailed.length < 30 && Date.now() - started < 10_000)
        await new Promise((resolve) => setTimeout(resolve, 20))
      expect(new Set(mailed).size).toBe(30)
      expect(slowGivenUpAt).toBe(Infinity)
    } finally {
      await worker.stop()
      await close()
    }
  })

  it("holds the lease of a try that outlasts it, so a second worker never sends the same mail", async () => {
    const { store, file, close } = await storeWithMail(4)
    const other = openDb({ kind: "sqlite", file })
    const tries: number[] = []
    const workers = [store, other].map(
      (workerStore) =>
        new OutboxWorker({
          db: workerStore,
          kinds,
          // Each try takes four leases long, as with an SMTP server trickling its answers.
          send: async (delivery: Delivery) => {
            tries.push(delivery.id)
            await new Promise((resolve) => setTimeout(resolve, 1200))
            return { ok: true }
          },
          leaseMs: 300,
          retryBaseMs: 15_000,
          log: quietLogger,
          pollMs: 50,
        }),
    )
    try {
      workers.forEach((worker) => worker.start())
      await new Promise((resolve) => setTimeout(resolve, 2500))
      await Promise.all(workers.map((worker) => worker.stop()))
      expect(tries.sort()).toEqual([1, 2, 3, 4])
      expect(await deliveriesIn(store, ["sent"])).toHaveLength(4)
    } finally {
      await other.close()
      await close()
    }
  })

  it("at a stop, lets the tries under way finish within the grace, and gives back the claims of those that do not, for another instance to take at once", async () => {
    const { store, file, close } = await storeWithMail(3)
    const other = openDb({ kind: "sqlite", file })
    const outcomes: string[] = []
    // Delivery 1 is done quickly; 2 and 3 hang until they are abandoned, long before their deadline.
    const send: OutboxWorkerOptions["send"] = (delivery, _outgoing, signal) =>
      delivery.id === 1
        ? new Promise((resolve) => setTimeout(() => resolve({ ok: true }), 100))
        : hangsUntilDeadline(signal)
    const worker = watchedWorker(store, send, {
      leaseMs: 60_000,
      onOutcome: (delivery, outcome) => outcomes.push(`${delivery.id} ${outcome}`),
    })
    try {
      worker.start()
      while (worker.underWay().length < 3) await new Promise((resolve) => setTimeout(resolve, 10))
      const stopping = Date.now()
      expect(await worker.stop(500)).toEqual([2, 3])
      expect(Date.now() - stopping).toBeGreaterThanOrEqual(450)
      expect(Date.now() - stopping).toBeLessThan(2000)
      expect(outcomes.sort()).toEqual(["1 sent", "2 released", "3 released"])
      // Given back before their 60-second lease ran out, due as they were: another instance takes them now, for a second attempt.
      const taken = await claimed(other, new Date(), 60_000, 10)
      expect(taken.map((delivery) => [delivery.id, delivery.attempts, delivery.lastError])).toEqual([
        [2, 2, null],
        [3, 2, null],
      ])
    } finally {
      await other.close()
      await close()
    }
  })

  it("tells what became of each try: sent, to be tried again, failed for good, or bounced", async () => {
    const { store, close } = await storeWithMail(4)
    const outcomes: string[] = []
    const results = [
      { ok: true as const },
      { ok: false as const, permanent: false, error: "451 later" },
      { ok: false as const, permanent: true, error: "554 refused" },
      { ok: false as const, permanent: true, error: "550 5.1.1 no such mailbox", bounce: "hard" as const },
    ]
    const worker = watchedWorker(store, async (delivery) => results[delivery.id - 1] ?? { ok: true }, {
      onOutcome: (delivery, outcome, bounce) =>
        outcomes.push(`${delivery.kind} ${delivery.id} ${outcome}${bounce ? ` ${bounce}` : ""}`),
    })
    try {
      worker.start()
      while (outcomes.length < 4) await new Promise((resolve) => setTimeout(resolve, 20))
      expect(await worker.stop()).toEqual([])
      expect(outcomes.sort()).toEqual(["notify 1 sent", "notify 2 retry", "notify 3 failed", "notify 4 bounced hard"])
    } finally {
      await close()
    }
  })

  it("logs a delivery failed for good by its id and kind, never its recipient", async () => {
    const { store, close } = await storeWithMail(1)
    const { log, text, lines } = capturedLogger()
    const refusal =
      '550 5.1.1 <team@example.com>: no such mailbox; not mailed: its recipient "team@example.com" is not one address'
    const worker = watchedWorker(store, async () => ({ ok: false, permanent: true, error: refusal }), { log })
    try {
      worker.start()
      while (lines().length === 0) await new Promise((resolve) => setTimeout(resolve, 20))
      await worker.stop()
      expect(lines()).toEqual([
        expect.objectContaining({
          level: "warn",
          msg: "outbox: a delivery failed for good",
          deliveryId: 1,
          kind: "notify",
        }),
      ])
      expect(text()).not.toContain("team@example.com")
    } finally {
      await close()
    }
  })

  it("delivers a backlog of more deliveries than its slots, all of them", async () => {
    const { store, close } = await storeWithMail(35)
    try {
      const times = await deliverAll(store, 35)
      expect(times).toHaveLength(35)
      expect((await deliveriesIn(store, ["pending"])).length).toBe(0)
    } finally {
      await close()
    }
  })
})
