/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { openDb, type Db } from "../../db/db"
import { createMetrics } from "../../observability/metrics"
import { outboxMetrics } from "../outbox-metrics"

let dir: string
const stores: Db[] = []
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-gauges-"))
  fs.writeFileSync(path.join(dir, "a-file"), "")
})
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close().catch(() => undefined)))
  fs.rmSync(dir, { recursive: true, force: true })
})

const opened = (store: Db) => {
  stores.push(store)
  return store
}

describe("the outbox's gauges", () => {
  it("read the backlog at each scrape, and are NaN while the store cannot say", async () => {
    const store = opened(openDb({ kind: "sqlite", file: path.join(dir, "gauges.sqlite") }))
    const metrics = createMetrics()
    const unreachable = opened(openDb({ kind: "sqlite", file: path.join(dir, "a-file", "x.sqlite") }))
    let reachable = true
    outboxMetrics(metrics.registry, {
      ...store,
      read: (work) => (reachable ? store.read(work) : unreachable.read(work)),
    })
    const text = await metrics.registry.metrics()
    for (const lane of ["mail", "webhook", "bulk"]) {
      expect(text).toMatch(new RegExp(`^storyling_outbox_pending\\{lane="${lane}"\\} 0$`, "m"))
      expect(text).toMatch(new RegExp(`^storyling_outbox_oldest_pending_age_seconds\\{lane="${lane}"\\} 0$`, "m"))
    }
    expect(text).toMatch(/^storyling_outbox_paused 0$/m)
    // Without a bounce mailbox, its family is absent.
    expect(text).not.toContain("storyling_bounce_mailbox_up")
    reachable = false
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const down = await metrics.registry.metrics()
    expect(down).toMatch(/^storyling_outbox_pending\{lane="mail"\} nan$/im)
    expect(down).toMatch(/^storyling_outbox_oldest_pending_age_seconds\{lane="bulk"\} nan$/im)
    expect(down).toMatch(/^storyling_outbox_paused nan$/im)
  })
})
