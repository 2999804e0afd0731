import dns2 from "dns2"
import type { AddressInfo } from "net"

const { Packet } = dns2

/** DNS_SERVERS for a server under test that is given no DNS server of its own: a port of loopback where none listens, so every lookup fails at once and no query leaves the machine. */
export const NO_DNS_SERVER = "127.0.0.1:9"

/** The records of one name: TXT values (each split into strings of 255 bytes as DNS carries them), MX hosts, A and AAAA addresses; `silent` leaves every question about it unanswered, as a server that times out. */
export type DnsName = {
  txt?: string[]
  mx?: { exchange: string; priority: number }[]
  a?: string[]
  aaaa?: string[]
  silent?: boolean
}

/** A TXT value as the character-strings of at most 255 bytes a record is made of (RFC 1035 §3.3.14). */
const characterStrings = (value: string): string[] => {
  const strings: string[] = []
  for (let at = 0; at < value.length; at += 255) strings.push(value.slice(at, at + 255))
  return strings.length > 0 ? strings : [""]
}

/**
 * A real DNS server on 127.0.0.1 for tests (UDP, the `dns2` package): it
 * answers the TXT, MX, A and AAAA records of `names` (a test changes them
 * as it goes), NXDOMAIN for a name it does not hold, nothing at all for a
 * `silent` one, and never asks anyone else.
 * Point a resolver at `server` (`host:port`, as DNS_SERVERS takes it).
 */
export class DnsTestServer {
  private constructor(
    private readonly socket: ReturnType<typeof dns2.createUDPServer>,
    readonly names: Map<string, DnsName>,
  ) {}

  static async start(names: Record<string, DnsName> = {}): Promise<DnsTestServer> {
    const held = new Map(Object.entries(names).map(([name, records]) => [name.toLowerCase(), records]))
    const socket = dns2.createUDPServer((request, send) => {
      const response = Packet.createResponseFromRequest(request)
      const [question] = request.questions
      const records = question ? held.get(question.name.toLowerCase()) : undefined
      if (records?.silent) return
      if (!question || !records) response.header.rcode = 3
      else {
        const answer = (record: Record<string, unknown>) =>
          response.answers.push(Packet.createResourceFromQuestion(question, { ttl: 60, ...record }))
        if (question.type === Packet.TYPE.TXT)
          for (const value of records.txt ?? []) answer({ data: characterStrings(value) })
        if (question.type === Packet.TYPE.MX) for (const mx of records.mx ?? []) answer(mx)
        if (question.type === Packet.TYPE.A) for (const address of records.a ?? []) answer({ address })
        if (question.type === Packet.TYPE.AAAA) for (const address of records.aaaa ?? []) answer({ address })
      }
      send(response)
    })
    await socket.listen(0, "127.0.0.1")
    return new DnsTestServer(socket, held)
  }

  /** The server as DNS_SERVERS names it: `127.0.0.1:<port>`. */
  get server(): string {
    return `127.0.0.1:${(this.socket.address() as AddressInfo).port}`
  }

  /** Sets (or, with undefined, removes) the records of a name. */
  set(name: string, records: DnsName | undefined): void {
    if (records) this.names.set(name.toLowerCase(), records)
    else this.names.delete(name.toLowerCase())
  }

  async down(): Promise<void> {
    await new Promise<void>((resolve) => this.socket.close(() => resolve()))
  }
}
