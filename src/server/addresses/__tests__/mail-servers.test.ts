/**
 * @jest-environment node
 */
import { DnsTestServer } from "../../../../test/support/dns-test-server"
import { mailServerCheck } from "../mail-servers"

describe("whether an address's domain has a mail server, asked of a DNS server on loopback", () => {
  let dns: DnsTestServer
  beforeAll(async () => {
    dns = await DnsTestServer.start({
      "mail.example": { mx: [{ exchange: "mx.mail.example", priority: 10 }] },
      "web-only.example": { a: ["192.0.2.10"] },
      "v6-only.example": { aaaa: ["2001:db8::25"] },
      "parked.example": {},
      "no-mail.example": { mx: [{ exchange: "", priority: 0 }], a: ["192.0.2.11"] },
      "slow.example": { silent: true },
      "xn--bcher-kva.example": { mx: [{ exchange: "mx.example", priority: 5 }] },
    })
  })
  afterAll(async () => dns.down())

  const check = () => mailServerCheck([dns.server], 500)

  it("finds a server by its MX, or by an address record when there is no MX", async () => {
    for (const email of ["ana@mail.example", "ben@web-only.example", "cleo@v6-only.example"])
      expect(await check()(email)).toBe("found")
  })

  it("finds an internationalized domain by its ASCII form", async () => {
    expect(await check()("dora@bücher.example")).toBe("found")
  })

  it("says none for a domain without MX and without address records, and for a name that does not exist", async () => {
    expect(await check()("eve@parked.example")).toBe("none")
    expect(await check()("finn@nowhere.example")).toBe("none")
  })

  it("says none for a domain that publishes a null MX (RFC 7505), whatever its address records", async () => {
    expect(await check()("ida@no-mail.example")).toBe("none")
  })

  it("knows nothing of a domain whose lookup times out, within the deadline", async () => {
    const started = Date.now()
    expect(await check()("gus@slow.example")).toBe("unknown")
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it("knows nothing when no DNS server answers at all", async () => {
    expect(await mailServerCheck(["127.0.0.1:9"], 500)("hana@mail.example")).toBe("unknown")
  })
})
