/**
 * `npm run waitlist -- check-sender`: whether the DNS of the sending domain
 * lets the big mailbox providers take its mail, one record at a time: SPF
 * of MAIL_FROM's domain, the DKIM selector's public key against the
 * configured private key, DMARC and its alignment with MAIL_FROM's domain,
 * and the MX of the bounce address's domain. Each check is one line, pass
 * or fail with its reason.
 */
import { createPublicKey } from "crypto"
import { Resolver } from "dns/promises"
import type { MailSettings } from "../settings"

/** One record's verdict. */
export type SenderCheck = { record: "SPF" | "DKIM" | "DMARC" | "MX"; pass: boolean; reason: string }

/** The TXT records of a name, each joined from its strings; [] when it has none; a DNS failure as a sentence. */
async function txt(resolver: Resolver, name: string): Promise<string[] | string> {
  try {
    return (await resolver.resolveTxt(name)).map((strings) => strings.join(""))
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === "ENOTFOUND" || code === "ENODATA") return []
    return `the DNS lookup of ${name} failed (${code ?? (error as Error).message})`
  }
}

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1).toLowerCase()

/** Whether two domains are aligned as DMARC's relaxed mode has it, near enough: one is the other or under it. */
const aligned = (a: string, b: string) => a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`)

async function spf(resolver: Resolver, domain: string): Promise<SenderCheck> {
  const found = await txt(resolver, domain)
  if (typeof found === "string") return { record: "SPF", pass: false, reason: found }
  const records = found.filter((value) => /^v=spf1(\s|$)/i.test(value))
  if (records.length !== 1)
    return {
      record: "SPF",
      pass: false,
      reason: `${domain} has ${records.length === 0 ? "no SPF record" : `${records.length} SPF records (receivers take exactly one)`}: publish one TXT record such as "v=spf1 include:_spf.your-provider.example -all"`,
    }
  const record = records[0] ?? ""
  const terms = record.split(/\s+/).slice(1)
  const last = terms.at(-1)?.toLowerCase()
  const allows = terms.some((term) => /^[+~?]?(ip4|ip6|a|mx|include|exists)([:/]|$)/i.test(term))
  if (last !== "-all" && last !== "~all")
    return {
      record: "SPF",
      pass: false,
      reason: `${domain}: "${record}" must end in -all or ~all, not let anyone send`,
    }
  if (!allows) return { record: "SPF", pass: false, reason: `${domain}: "${record}" allows no server to send its mail` }
  return { record: "SPF", pass: true, reason: `${domain}: "${record}"` }
}

async function dkim(resolver: Resolver, mail: MailSettings): Promise<SenderCheck> {
  if (!mail.dkim)
    return {
      record: "DKIM",
      pass: false,
      reason: "DKIM is not set up: set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_PATH (see docs/operating.md)",
    }
  const name = `${mail.dkim.keySelector}._domainkey.${mail.dkim.domainName}`
  const found = await txt(resolver, name)
  if (typeof found === "string") return { record: "DKIM", pass: false, reason: found }
  const record = found.find((value) => /(^|;)\s*p=/.test(value))
  const published = record ? (/(?:^|;)\s*p=([^;]*)/.exec(record)?.[1] ?? "").replace(/\s+/g, "") : null
  const ours = createPublicKey(mail.dkim.privateKey).export({ type: "spki", format: "der" }).toString("base64")
  if (published === null) return { record: "DKIM", pass: false, reason: `${name} holds no DKIM key` }
  if (published !== ours)
    return {
      record: "DKIM",
      pass: false,
      reason: `${name} holds another key than DKIM_PRIVATE_KEY_PATH's: publish "v=DKIM1; k=rsa; p=${ours}"`,
    }
  return { record: "DKIM", pass: true, reason: `${name} holds the public key of DKIM_PRIVATE_KEY_PATH` }
}

async function dmarc(resolver: Resolver, mail: MailSettings): Promise<SenderCheck> {
  const from = domainOf(mail.from.address)
  // A subdomain without a record of its own falls under its organisation's (RFC 7489 §6.6.3).
  const labels = from.split(".")
  for (let i = 0; i <= labels.length - 2; i += 1) {
    const domain = labels.slice(i).join(".")
    const found = await txt(resolver, `_dmarc.${domain}`)
    if (typeof found === "string") return { record: "DMARC", pass: false, reason: found }
    const record = found.find((value) => /^v=DMARC1(;|\s|$)/i.test(value))
    if (!record) continue
    const policy = /(?:^|;)\s*p=\s*(none|quarantine|reject)\s*(;|$)/i.exec(record)?.[1]?.toLowerCase()
    if (!policy) return { record: "DMARC", pass: false, reason: `_dmarc.${domain}: "${record}" names no policy (p=)` }
    const signing = mail.dkim?.domainName
    const bounce = mail.bounceAddress ? domainOf(mail.bounceAddress) : from
    const byDkim = signing !== undefined && aligned(signing, from)
    const bySpf = aligned(bounce, from)
    if (!byDkim && !bySpf)
      return {
        record: "DMARC",
        pass: false,
        reason: `_dmarc.${domain}: policy ${policy}, but neither DKIM_DOMAIN (${signing ?? "unset"}) nor the bounce domain (${bounce}) is aligned with MAIL_FROM's ${from}`,
      }
    const how = [byDkim && `DKIM (${signing})`, bySpf && `SPF (${bounce})`].filter(Boolean).join(" and ")
    return { record: "DMARC", pass: true, reason: `_dmarc.${domain}: policy ${policy}, ${from} aligned by ${how}` }
  }
  return {
    record: "DMARC",
    pass: false,
    reason: `${from} has no DMARC record: publish "v=DMARC1; p=none; rua=mailto:dmarc@${from}" at _dmarc.${from}`,
  }
}

async function mx(resolver: Resolver, mail: MailSettings): Promise<SenderCheck> {
  const domain = domainOf(mail.bounceAddress ?? mail.from.address)
  try {
    const hosts = (await resolver.resolveMx(domain)).filter((host) => host.exchange !== "" && host.exchange !== ".")
    if (hosts.length === 0) return { record: "MX", pass: false, reason: `${domain} takes no mail (a null MX)` }
    const listed = hosts.sort((a, b) => a.priority - b.priority).map((host) => `${host.exchange} (${host.priority})`)
    return { record: "MX", pass: true, reason: `${domain}, where bounces return: ${listed.join(", ")}` }
  } catch (error) {
    const code = (error as { code?: string }).code
    return {
      record: "MX",
      pass: false,
      reason:
        code === "ENOTFOUND" || code === "ENODATA"
          ? `${domain}, where bounces return, has no MX record: bounces and complaints could not reach you`
          : `the DNS lookup of ${domain}'s MX failed (${code ?? (error as Error).message})`,
    }
  }
}

/** Checks the sender's records, asking `servers` (`host:port`; the system's resolver when null). */
export async function checkSender(mail: MailSettings, servers: string[] | null): Promise<SenderCheck[]> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 })
  if (servers) resolver.setServers(servers)
  return [
    await spf(resolver, domainOf(mail.from.address)),
    await dkim(resolver, mail),
    await dmarc(resolver, mail),
    await mx(resolver, mail),
  ]
}

/** The checks as the command prints them: a line each, `pass` or `FAIL`, the record, the reason. */
export const senderCheckLines = (checks: SenderCheck[]): string =>
  checks.map(({ record, pass, reason }) => `${pass ? "pass" : "FAIL"}  ${record.padEnd(5)}  ${reason}\n`).join("")
