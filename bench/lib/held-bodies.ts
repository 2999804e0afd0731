import fs from "fs"
import net from "net"

/** A process's resident memory in MiB, from /proc (Linux). */
export function residentMiB(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((candidate) => candidate.startsWith("VmRSS:"))
  return Number(line?.replace(/\D+/g, "") ?? 0) / 1024
}

export type HeldBodies = {
  /** Connections the server answered at once (413 or 503) instead of reading on. */
  answered: number
  /** Connections still open, their bodies half sent. */
  open: number
  close: () => Promise<void>
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Opens `connections` connections that each POST to the waitlist, declare a
 * body of `declaredBytes`, send `sentBytes` of it and then hold: what a
 * crowd of slow or hostile clients does to a server that buffers bodies.
 */
export async function holdBodies(
  url: string,
  { connections, declaredBytes, sentBytes }: { connections: number; declaredBytes: number; sentBytes: number },
): Promise<HeldBodies> {
  const { hostname, port } = new URL(url)
  let answered = 0
  const sockets = await Promise.all(
    Array.from(
      { length: connections },
      () =>
        new Promise<net.Socket>((resolve) => {
          const socket = net.connect(Number(port), hostname, () => {
            socket.write(
              `POST /api/waitlist HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${declaredBytes}\r\n\r\n`,
            )
            socket.write("x".repeat(sentBytes))
            resolve(socket)
          })
          socket.once("data", () => (answered += 1))
          socket.on("error", () => undefined)
        }),
    ),
  )
  await pause(1500)
  return {
    get answered() {
      return answered
    },
    open: sockets.filter((socket) => !socket.destroyed).length,
    close: async () => {
      sockets.forEach((socket) => socket.destroy())
      await pause(3000)
    },
  }
}
