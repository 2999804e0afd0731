/**
 * Answers the requests of one connection one at a time, at most
 * MAX_WAITING of them waiting. Works around Node's HTTP server (20 and 24):
 * it runs every pipelined request's handler at once, and a response queued
 * behind an unfinished one never hears its socket die, so the files they
 * opened stay open. It can go when connection-floods.build.test.ts passes
 * without it on a new Node.
 */
import type { IncomingMessage, ServerResponse } from "http"
import type { Socket } from "net"

/** The most requests of one connection that wait for the answer before them; no browser pipelines at all. */
export const MAX_WAITING = 8

/**
 * How long a connection may make no progress, reading or writing (a client
 * that stopped reading), before it is closed. Node lets a write that was
 * under way at the first expiry through once, so a stalled write is ended
 * after one to two times this.
 */
export const STALLED_WRITE_MS = 20_000

type Turn<Req, Res> = { req: Req; res: Res }
type Line<Req, Res> = { answering: Res | null; waiting: Turn<Req, Res>[] }

/**
 * A request listener that hands `listener` one request of a connection at
 * a time, in order (see the module's header).
 */
export function oneAnswerAtATime<Req extends IncomingMessage, Res extends ServerResponse>(
  listener: (req: Req, res: Res) => void,
  maxWaiting = MAX_WAITING,
) {
  const lines = new WeakMap<Socket, Line<Req, Res>>()

  const answer = (line: Line<Req, Res>, { req, res }: Turn<Req, Res>) => {
    line.answering = res
    res.once("finish", () => {
      line.answering = null
      const next = line.waiting.shift()
      if (next) answer(line, next)
    })
    listener(req, res)
  }

  const lineOf = (socket: Socket): Line<Req, Res> => {
    let line = lines.get(socket)
    if (line) return line
    const created: Line<Req, Res> = { answering: null, waiting: [] }
    socket.once("close", () => {
      created.answering?.destroy()
      for (const { res } of created.waiting.splice(0)) res.destroy()
    })
    lines.set(socket, created)
    line = created
    return line
  }

  return (req: Req, res: Res): void => {
    const line = lineOf(req.socket)
    if (line.answering === null) return answer(line, { req, res })
    if (line.waiting.length >= maxWaiting) return void req.socket.destroy()
    line.waiting.push({ req, res })
  }
}
