/**
 * Throwaway (disposable) mail domains, from the maintained list of the
 * `disposable-email-domains` package (its exact domains and its wildcard
 * ones, which cover every subdomain too). Read once, on first use: a
 * sign-up through a personal link is the only one that asks.
 */
import { createRequire } from "module"

const load = createRequire(__filename)
let domains: ReadonlySet<string> | null = null
let wildcards: ReadonlySet<string> | null = null

/** Whether the domain of an address key (see emailKey) is a throwaway one, or under one of the list's wildcard domains. */
export function isThrowawayAddress(key: string): boolean {
  domains ??= new Set(load("disposable-email-domains") as string[])
  wildcards ??= new Set(load("disposable-email-domains/wildcard.json") as string[])
  const domain = key.slice(key.lastIndexOf("@") + 1)
  if (domains.has(domain)) return true
  for (let dot = -1; ;) {
    if (wildcards.has(domain.slice(dot + 1))) return true
    dot = domain.indexOf(".", dot + 1)
    if (dot < 0) return false
  }
}
