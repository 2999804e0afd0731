import { entryFor } from "./waitlist-api-client"

/** What a load run sent and which addresses the server acknowledged with 2xx. */
export type LoadResult = { sent: number; acknowledged: string[]; statuses: number[]; slowestMs: number }

export type SubmissionLoad = {
  /** Resolves once at least `count` entries have been acknowledged. */
  acknowledgedAtLeast: (count: number) => Promise<void>
  /** Stops sending and resolves with what was sent once every request in flight has ended. */
  finish: () => Promise<LoadResult>
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Sends new entries (`prefix-N@example.com`) from `workers` clients at full
 * speed, each waiting for its answer before the next, until finished or
 * `maxMs` has passed. A request that fails (the server is gone) counts as
 * sent but never as acknowledged; each request gives up after `timeoutMs`.
 */
export function startSubmissionLoad(
  site: { url: string },
  prefix: string,
  { workers = 12, maxMs = 20_000, timeoutMs = 10_000 } = {},
): SubmissionLoad {
  const result: LoadResult = { sent: 0, acknowledged: [], statuses: [], slowestMs: 0 }
  const deadline = Date.now() + maxMs
  let finished = false
  let next = 0
  const worker = async () => {
    while (!finished && Date.now() < deadline) {
      const email = `${prefix}-${next++}@example.com`
      result.sent++
      const sentAt = Date.now()
      try {
        const answer = await fetch(`${site.url}/api/waitlist`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(entryFor(email)),
          signal: AbortSignal.timeout(timeoutMs),
        })
        await answer.text()
        result.statuses.push(answer.status)
        if (answer.ok) result.acknowledged.push(email)
      } catch {
        result.statuses.push(0)
        await pause(20)
      } finally {
        result.slowestMs = Math.max(result.slowestMs, Date.now() - sentAt)
      }
    }
  }
  const running = Promise.all(Array.from({ length: workers }, worker))
  return {
    acknowledgedAtLeast: async (count) => {
      while (result.acknowledged.length < count && Date.now() < deadline) await pause(10)
    },
    finish: async () => {
      finished = true
      await running
      return result
    },
  }
}
