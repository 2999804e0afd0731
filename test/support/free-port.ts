import net from "net"

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now: the system
 * picks it, then it is released for the caller to use (or to keep closed).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}
