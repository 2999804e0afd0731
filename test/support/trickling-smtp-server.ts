import net from "net"
import { freePort } from "./free-port"

/** A mail the server took: its envelope's recipients and its text. */
export type TrickledMail = { envelopeTo: string[]; data: string }

/**
 * A real SMTP server on 127.0.0.1, spoken to over TCP as any SMTP server
 * is, that answers a connection one byte every `gapMs` once the connection
 * names a recipient that `isSlow` picks: a peer holding a try for as long
 * as it likes while each byte keeps the socket's time limit from firing.
 * Every other conversation is answered at once. (smtp-server writes each
 * reply whole, so it cannot trickle.)
 */
export class TricklingSmtpServer {
  readonly mails: TrickledMail[] = []
  /** Connections that were trickled to, and whether the client closed each. */
  readonly trickled: { closedByClient: boolean }[] = []
  private readonly sockets = new Set<net.Socket>()

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(isSlow: (recipient: string) => boolean, gapMs: number): Promise<TricklingSmtpServer> {
    const port = await freePort()
    let smtp: TricklingSmtpServer | null = null
    const server = net.createServer((socket) => smtp?.converse(socket, isSlow, gapMs))
    smtp = new TricklingSmtpServer(server, port)
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve))
    return smtp
  }

  /** The SMTP_URL of the server. */
  get url(): string {
    return `smtp://127.0.0.1:${this.port}`
  }

  /** The mails sent to this address. */
  to(address: string): TrickledMail[] {
    return this.mails.filter((mail) => mail.envelopeTo.includes(address))
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private converse(socket: net.Socket, isSlow: (recipient: string) => boolean, gapMs: number) {
    this.sockets.add(socket)
    let slow: { closedByClient: boolean } | null = null
    let pending = ""
    let data: string | null = null
    let envelopeTo: string[] = []
    let writing = Promise.resolve()
    const reply = (line: string) => {
      const bytes = Buffer.from(`${line}\r\n`)
      if (!slow) return void socket.write(bytes)
      writing = writing.then(async () => {
        for (const byte of bytes) {
          if (socket.destroyed) return
          socket.write(Buffer.from([byte]))
          await new Promise((resolve) => setTimeout(resolve, gapMs))
        }
      })
    }
    socket.on("close", () => {
      this.sockets.delete(socket)
      if (slow) slow.closedByClient = true
    })
    socket.on("error", () => {})
    socket.on("data", (chunk: Buffer) => {
      pending += chunk.toString("utf8")
      for (;;) {
        if (data !== null) {
          const end = pending.indexOf("\r\n.\r\n")
          if (end < 0) return
          data += pending.slice(0, end)
          pending = pending.slice(end + 5)
          this.mails.push({ envelopeTo, data: data.replace(/^\.\./gm, ".") })
          data = null
          reply("250 2.0.0 Accepted")
          continue
        }
        const end = pending.indexOf("\r\n")
        if (end < 0) return
        const line = pending.slice(0, end)
        pending = pending.slice(end + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === "EHLO" || verb === "HELO") reply("250 trickling.test")
        else if (verb === "MAIL") {
          envelopeTo = []
          reply("250 2.1.0 OK")
        } else if (verb === "RCPT") {
          const recipient = line.slice(line.indexOf("<") + 1, line.lastIndexOf(">"))
          envelopeTo.push(recipient)
          if (!slow && isSlow(recipient)) {
            slow = { closedByClient: false }
            this.trickled.push(slow)
          }
          reply("250 2.1.5 OK")
        } else if (verb === "DATA") {
          data = ""
          reply("354 Go ahead")
        } else if (verb === "QUIT") {
          reply("221 Bye")
          socket.end()
        } else reply("250 OK")
      }
    })
    reply("220 trickling.test ESMTP")
  }
}
