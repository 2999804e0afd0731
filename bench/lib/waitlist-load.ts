import http from "http"
import { median } from "./median"

export type LoadResult = {
  /** Answers with a 2xx status, per second. */
  acceptedPerSecond: number
  accepted: number
  p50Ms: number
  p99Ms: number
  /** Connection errors and non-2xx answers. */
  errors: number
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

/** One POST over a kept-alive connection; resolves with the status, 0 for a failed connection. */
function post(agent: http.Agent, url: URL, body: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        response.resume()
        response.on("end", () => resolve(response.statusCode ?? 0))
      },
    )
    request.on("error", () => resolve(0))
    request.end(body)
  })
}

/** The i-th distinct sign-up of this process. */
const signUp = (i: number) =>
  JSON.stringify({
    name: `Reader ${i}`,
    email: `reader-${process.pid}-${i}@example.com`,
    message: "Looking forward to the Spanish stories.",
    city: "",
    metadata: { userAgent: "bench", language: "en", utm: { utm_source: "bench" } },
  })

/** How many sign-ups this process has sent, so every load's addresses are new. */
let sent = 0

/**
 * Sends distinct sign-ups to a waitlist endpoint over `connections` kept-alive
 * connections for `seconds`, each connection sending its next request when the
 * last is answered: the most the server takes (it saturates). Unlike a tool
 * that cuts connections when time is up, it waits for the requests in
 * flight, so the 2xx count is exact and can be compared with the entries stored.
 */
export async function loadWaitlist(target: string, { connections = 50, seconds = 20 } = {}): Promise<LoadResult> {
  const url = new URL(target)
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const latencies: number[] = []
  let accepted = 0
  let errors = 0
  const start = performance.now()
  const deadline = start + seconds * 1000
  const connection = async () => {
    while (performance.now() < deadline) {
      const body = signUp(++sent)
      const began = performance.now()
      const status = await post(agent, url, body)
      latencies.push(performance.now() - began)
      if (status >= 200 && status < 300) accepted += 1
      else errors += 1
    }
  }
  await Promise.all(Array.from({ length: connections }, connection))
  const elapsed = (performance.now() - start) / 1000
  agent.destroy()
  const sorted = latencies.sort((a, b) => a - b)
  return {
    acceptedPerSecond: accepted / elapsed,
    accepted,
    p50Ms: Math.round(median(sorted) * 10) / 10,
    p99Ms: Math.round(percentile(sorted, 99) * 10) / 10,
    errors,
  }
}

/** A load offered at a steady rate, as a launch's busiest minutes would: what came back, and whether the server kept up. */
export type OfferedLoad = LoadResult & {
  offered: number
  ratePerSecond: number
  /** The p99 of the last second's sign-ups: a server falling behind answers them latest. */
  lastSecondP99Ms: number
  /** Sign-ups still unanswered a second after the last was sent. */
  unansweredAfterASecond: number
}

/**
 * Offers `ratePerSecond` distinct sign-ups a second for `seconds`, each sent
 * at its own time whatever the answers before it (an open load, over kept-
 * alive connections opened as needed), and times each from when it was due,
 * so a server falling behind shows in the latencies instead of slowing the
 * load down.
 */
export async function offerWaitlist(
  target: string,
  { ratePerSecond, seconds }: { ratePerSecond: number; seconds: number },
): Promise<OfferedLoad> {
  const url = new URL(target)
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 })
  const offered = Math.round(ratePerSecond * seconds)
  const answers: { dueAt: number; ms: number; status: number }[] = []
  const inFlight: Promise<void>[] = []
  const start = performance.now()
  for (let i = 0; i < offered;) {
    const now = performance.now()
    for (; i < offered && start + (i * 1000) / ratePerSecond <= now; i++) {
      const dueAt = start + (i * 1000) / ratePerSecond
      inFlight.push(
        post(agent, url, signUp(++sent)).then(
          (status) => void answers.push({ dueAt, ms: performance.now() - dueAt, status }),
        ),
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 1))
  }
  const lastDue = start + ((offered - 1) * 1000) / ratePerSecond
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, lastDue + 1000 - performance.now())))
  const unansweredAfterASecond = offered - answers.length
  await Promise.all(inFlight)
  const elapsed = (Math.max(...answers.map((answer) => answer.dueAt + answer.ms)) - start) / 1000
  agent.destroy()
  const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b)
  const lastSecond = answers
    .filter((answer) => answer.dueAt > lastDue - 1000)
    .map((answer) => answer.ms)
    .sort((a, b) => a - b)
  const accepted = answers.filter((answer) => answer.status >= 200 && answer.status < 300).length
  return {
    offered,
    ratePerSecond,
    acceptedPerSecond: accepted / elapsed,
    accepted,
    p50Ms: Math.round(median(sorted) * 10) / 10,
    p99Ms: Math.round(percentile(sorted, 99) * 10) / 10,
    errors: offered - accepted,
    lastSecondP99Ms: Math.round(percentile(lastSecond, 99) * 10) / 10,
    unansweredAfterASecond,
  }
}
