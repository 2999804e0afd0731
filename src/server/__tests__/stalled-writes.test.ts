/**
 * @jest-environment node
 *
 * The site server with a file too large for the kernel's socket buffers to
 * take at once (the built site has none), so that a client that never reads
 * stalls the server's write itself.
 */
import fs from "fs"
import net, { type AddressInfo } from "net"
import os from "os"
import path from "path"
import express from "express"
import { STALLED_WRITE_MS } from "../http/pipelined-requests"
import { siteServer } from "../http/site-server"
import { staticSite } from "../http/static-site"
import { quietLogger } from "../../../test/support/test-logger"

const LARGE_BYTES = 32 * 1024 * 1024

let root: string
let server: ReturnType<typeof siteServer>
let port: number

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "stalled-writes-"))
  fs.mkdirSync(path.join(root, "public"))
  fs.writeFileSync(path.join(root, "public", "404.html"), "<!doctype html><title>Oops!</title>")
  fs.writeFileSync(path.join(root, "public", "large.bin"), Buffer.alloc(LARGE_BYTES, 7))
  server = siteServer(express().use(staticSite(root, quietLogger, () => new Date())), {})
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  fs.rmSync(root, { recursive: true, force: true })
})

const request = "GET /large.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

describe("a write the client stops reading", () => {
  it(
    `is ended by the server once it has made no progress for ${STALLED_WRITE_MS / 1000} to ${(2 * STALLED_WRITE_MS) / 1000} s`,
    async () => {
      const serverSideClosed = new Promise<number>((resolve) =>
        server.once("connection", (socket: net.Socket) => socket.once("close", () => resolve(Date.now()))),
      )
      const client = net.connect(port, "127.0.0.1", () => {
        client.pause()
        client.write(request)
      })
      client.on("error", () => {})
      const started = Date.now()
      try {
        const closedAt = await serverSideClosed
        expect(closedAt - started).toBeGreaterThanOrEqual(STALLED_WRITE_MS - 1000)
        expect(closedAt - started).toBeLessThan(2 * STALLED_WRITE_MS + 10_000)
      } finally {
        client.destroy()
      }
    },
    2 * STALLED_WRITE_MS + 30_000,
  )

  it("is not ended while the client reads: it gets the whole file", async () => {
    let received = 0
    await new Promise<void>((resolve, reject) => {
      const client = net.connect(port, "127.0.0.1", () => client.write(request))
      client.on("data", (chunk: Buffer) => {
        received += chunk.length
        if (received >= LARGE_BYTES) {
          client.destroy()
          resolve()
        }
      })
      client.once("close", () =>
        received >= LARGE_BYTES ? resolve() : reject(new Error(`closed after ${received} bytes`)),
      )
    })
    expect(received).toBeGreaterThanOrEqual(LARGE_BYTES)
  })
})
