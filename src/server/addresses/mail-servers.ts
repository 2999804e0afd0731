/**
 * Whether a domain can receive mail at all, as SMTP finds its server
 * (RFC 5321 §5.1): its MX records, or without them its own address
 * records (A or AAAA). Asked through DNS_SERVERS (the system's resolver
 * when unset) within a short deadline; a lookup that fails or takes too
 * long says nothing, so that a slow resolver never marks anyone.
 */
import { Resolver } from "dns/promises"
import { domainToASCII } from "url"

/** What DNS says of a domain's mail: a server found, none (no MX and no address record, or a null MX), or nothing known. */
export type MailServerAnswer = "found" | "none" | "unknown"

/** How long a lookup may take in all, MX and address records together. */
export const MAIL_SERVER_DEADLINE_MS = 2000

/** The answers that say a name has no such record, or no name at all: a definite "none". */
const NO_RECORD = new Set(["ENODATA", "ENOTFOUND"])

/** Whether a lookup found records (true), definitely none (false), or failed (null). */
async function found(lookup: Promise<unknown[]>): Promise<boolean | null> {
  try {
    return (await lookup).length > 0
  } catch (error) {
    return NO_RECORD.has((error as NodeJS.ErrnoException).code ?? "") ? false : null
  }
}

/** The domain of an address, as DNS names it (an internationalized one in its ASCII form); null for none. */
function domainOf(email: string): string | null {
  const domain = email.slice(email.lastIndexOf("@") + 1)
  return email.includes("@") ? domainToASCII(domain) || null : null
}

/**
 * The check of a process: asks `servers` (`host:port`, as DNS_SERVERS
 * names them; null for the system's) whether an address's domain has a
 * mail server, within `deadlineMs`.
 */
export function mailServerCheck(
  servers: readonly string[] | null,
  deadlineMs = MAIL_SERVER_DEADLINE_MS,
): (email: string) => Promise<MailServerAnswer> {
  return async (email) => {
    const domain = domainOf(email)
    if (!domain) return "unknown"
    const resolver = new Resolver({ timeout: deadlineMs, tries: 1 })
    if (servers) resolver.setServers([...servers])
    const deadline = setTimeout(() => resolver.cancel(), deadlineMs)
    try {
      const mx = await resolver.resolveMx(domain).then(
        (records) => records,
        (error: NodeJS.ErrnoException) => (NO_RECORD.has(error.code ?? "") ? [] : null),
      )
      if (mx === null) return "unknown"
      // A null MX (RFC 7505: one record, preference 0, exchange ".") says the domain takes no mail.
      if (mx.length === 1 && mx[0]?.exchange === "") return "none"
      if (mx.length > 0) return "found"
      const [a, aaaa] = await Promise.all([found(resolver.resolve4(domain)), found(resolver.resolve6(domain))])
      if (a || aaaa) return "found"
      return a === false && aaaa === false ? "none" : "unknown"
    } finally {
      clearTimeout(deadline)
    }
  }
}
