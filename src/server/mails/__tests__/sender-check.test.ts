/**
 * @jest-environment node
 */
import { generateKeyPairSync } from "crypto"
import fs from "fs"
import os from "os"
import path from "path"
import { DnsTestServer, type DnsName } from "../../../../test/support/dns-test-server"
import { runWaitlistCommand } from "../../cli/waitlist-commands"
import { openDb } from "../../db/db"
import { readSettings } from "../../settings"

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sender-check-"))
const keyFile = path.join(dir, "dkim.pem")
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 })
fs.writeFileSync(keyFile, privateKey.export({ type: "pkcs8", format: "pem" }))
const KEY = publicKey.export({ type: "spki", format: "der" }).toString("base64")
const OTHER_KEY = generateKeyPairSync("rsa", { modulusLength: 1024 })
  .publicKey.export({ type: "spki", format: "der" })
  .toString("base64")

/** The records of a sender whose DNS is right. */
const RIGHT: Record<string, DnsName> = {
  "storyling.example.com": { txt: ["v=spf1 include:_spf.provider.example -all", "google-site-verification=x"] },
  "mail2026._domainkey.storyling.example.com": { txt: [`v=DKIM1; k=rsa; p=${KEY}`] },
  "_dmarc.storyling.example.com": { txt: ["v=DMARC1; p=quarantine; rua=mailto:dmarc@storyling.example.com"] },
  "bounces.storyling.example.com": { mx: [{ exchange: "mx.provider.example", priority: 10 }] },
}

let dns: DnsTestServer
beforeEach(async () => {
  dns = await DnsTestServer.start(RIGHT)
})
afterEach(() => dns.down())
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

async function checkSender(env: Record<string, string> = {}) {
  const settings = readSettings({
    WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite"),
    MAIL_FROM: "Storyling <support@storyling.example.com>",
    BOUNCE_ADDRESS: "bounces@bounces.storyling.example.com",
    DKIM_DOMAIN: "storyling.example.com",
    DKIM_SELECTOR: "mail2026",
    DKIM_PRIVATE_KEY_PATH: keyFile,
    ...env,
    DNS_SERVERS: env.DNS_SERVERS ?? dns.server,
  })
  let out = ""
  const code = await runWaitlistCommand(["check-sender"], {
    openDb: () => openDb(settings.store),
    out: (text) => void (out += text),
    err: (text) => void (out += text),
    sender: { mail: settings.mail, dnsServers: settings.dnsServers },
  })
  return { code, lines: out.split("\n").filter(Boolean) }
}

describe("npm run waitlist -- check-sender", () => {
  it("passes a sender whose SPF, DKIM key, DMARC and bounce MX are right, a line each, asking DNS_SERVERS", async () => {
    expect(await checkSender()).toEqual({
      code: 0,
      lines: [
        'pass  SPF    storyling.example.com: "v=spf1 include:_spf.provider.example -all"',
        "pass  DKIM   mail2026._domainkey.storyling.example.com holds the public key of DKIM_PRIVATE_KEY_PATH",
        "pass  DMARC  _dmarc.storyling.example.com: policy quarantine, storyling.example.com aligned by DKIM (storyling.example.com) and SPF (bounces.storyling.example.com)",
        "pass  MX     bounces.storyling.example.com, where bounces return: mx.provider.example (10)",
      ],
    })
  })

  it.each<[string, Record<string, DnsName | undefined>, RegExp]>([
    [
      "no SPF record",
      { "storyling.example.com": { txt: ["google-site-verification=x"] } },
      /^FAIL {2}SPF {4}storyling\.example\.com has no SPF record/,
    ],
    ["two SPF records", { "storyling.example.com": { txt: ["v=spf1 -all", "v=spf1 mx -all"] } }, /has 2 SPF records/],
    [
      "an SPF that lets anyone send",
      { "storyling.example.com": { txt: ["v=spf1 mx +all"] } },
      /must end in -all or ~all/,
    ],
    [
      "an SPF that allows no server",
      { "storyling.example.com": { txt: ["v=spf1 -all"] } },
      /allows no server to send its mail/,
    ],
    [
      "another DKIM key",
      { "mail2026._domainkey.storyling.example.com": { txt: [`v=DKIM1; k=rsa; p=${OTHER_KEY}`] } },
      /^FAIL {2}DKIM {3}.*holds another key than DKIM_PRIVATE_KEY_PATH's: publish "v=DKIM1; k=rsa; p=MII/,
    ],
    ["no DKIM record", { "mail2026._domainkey.storyling.example.com": undefined }, /holds no DKIM key/],
    [
      "no DMARC record",
      { "_dmarc.storyling.example.com": undefined },
      /^FAIL {2}DMARC {2}storyling\.example\.com has no DMARC record/,
    ],
    [
      "a DMARC without a policy",
      { "_dmarc.storyling.example.com": { txt: ["v=DMARC1; rua=mailto:x@y.example"] } },
      /names no policy/,
    ],
    [
      "no MX where bounces return",
      { "bounces.storyling.example.com": undefined },
      /^FAIL {2}MX {5}bounces\.storyling\.example\.com, where bounces return, has no MX record/,
    ],
    [
      "a null MX",
      { "bounces.storyling.example.com": { mx: [{ exchange: "", priority: 0 }] } },
      /takes no mail \(a null MX\)/,
    ],
  ])("fails %s, naming why, and exits with 1", async (_, changes, line) => {
    for (const [name, records] of Object.entries(changes)) dns.set(name, records)
    const { code, lines } = await checkSender()
    expect(code).toBe(1)
    expect(lines).toHaveLength(4)
    expect(lines.filter((printed) => printed.startsWith("FAIL"))).toEqual([expect.stringMatching(line)])
  })

  it("fails DMARC when neither the DKIM domain nor the bounce domain is aligned with MAIL_FROM's", async () => {
    dns.set("mail2026._domainkey.other.example", { txt: [`v=DKIM1; k=rsa; p=${KEY}`] })
    dns.set("other.example", { mx: [{ exchange: "mx.other.example", priority: 5 }] })
    const { code, lines } = await checkSender({ DKIM_DOMAIN: "other.example", BOUNCE_ADDRESS: "bounces@other.example" })
    expect(code).toBe(1)
    expect(lines[2]).toBe(
      "FAIL  DMARC  _dmarc.storyling.example.com: policy quarantine, but neither DKIM_DOMAIN (other.example) nor the bounce domain (other.example) is aligned with MAIL_FROM's storyling.example.com",
    )
  })

  it("says DKIM is not set up without its settings, and a DNS server that does not answer", async () => {
    const unset = await checkSender({ DKIM_DOMAIN: "", DKIM_SELECTOR: "", DKIM_PRIVATE_KEY_PATH: "" })
    expect(unset.lines[1]).toBe(
      "FAIL  DKIM   DKIM is not set up: set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_PATH (see docs/operating.md)",
    )
    const silent = await DnsTestServer.start()
    const server = silent.server
    await silent.down()
    const unanswered = await checkSender({ DNS_SERVERS: server })
    expect(unanswered.code).toBe(1)
    expect(unanswered.lines[0]).toMatch(/^FAIL {2}SPF {4}the DNS lookup of storyling\.example\.com failed \(E\w+\)$/)
  }, 30_000)
})
