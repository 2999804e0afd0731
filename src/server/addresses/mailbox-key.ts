import { emailKey } from "./email-identity"

/**
 * How one provider names its mailboxes, from its own published help:
 * the domains that reach one mailbox, the characters of a name it ignores
 * or treats alike, and where a tag begins.
 */
type Provider = {
  /** The domain every alias counts as. */
  domain: string
  aliases?: readonly string[]
  /** Characters the provider ignores in a name (Gmail's dots; Proton's dots, hyphens and underscores). */
  ignored?: string
  /** Characters the provider treats as one (Yandex: a hyphen is a dot), each written as the first. */
  alike?: string
  /** Where a tag begins: `+` everywhere, Yahoo's disposable addresses at `-`. */
  tagAt: string
  /** Fastmail's subdomain addressing: anything@name.fastmail.com reaches name@fastmail.com. */
  subdomains?: boolean
}

/** The big providers' published aliases and sub-addressing; any other domain drops a `+tag` alone. */
const PROVIDERS: readonly Provider[] = [
  { domain: "gmail.com", aliases: ["googlemail.com"], ignored: ".", tagAt: "+" },
  { domain: "icloud.com", aliases: ["me.com", "mac.com"], tagAt: "+" },
  { domain: "proton.me", aliases: ["protonmail.com", "protonmail.ch", "pm.me"], ignored: ".-_", tagAt: "+" },
  { domain: "fastmail.com", tagAt: "+", subdomains: true },
  {
    domain: "yandex.ru",
    aliases: ["ya.ru", "yandex.com", "yandex.by", "yandex.kz", "yandex.ua", "yandex.com.tr"],
    alike: ".-",
    tagAt: "+",
  },
  ...[
    "yahoo.com",
    "ymail.com",
    "rocketmail.com",
    "yahoo.co.uk",
    "yahoo.fr",
    "yahoo.de",
    "yahoo.es",
    "yahoo.com.br",
  ].map((domain): Provider => ({ domain, tagAt: "-+" })),
]

const byDomain = new Map(
  PROVIDERS.flatMap((provider) => [provider.domain, ...(provider.aliases ?? [])].map((domain) => [domain, provider])),
)
/** Outlook.com, Hotmail, Live and every other domain: a `+tag` is dropped, dots count. */
const ANY_PROVIDER: Provider = { domain: "", tagAt: "+" }

/** The provider of a domain, and the name a subdomain addresses (Fastmail's `name.fastmail.com`). */
function providerOf(domain: string): { provider: Provider; name: string | null } {
  const own = byDomain.get(domain)
  if (own) return { provider: own, name: null }
  const dot = domain.indexOf(".")
  const parent = dot < 0 ? undefined : byDomain.get(domain.slice(dot + 1))
  if (parent?.subdomains) return { provider: parent, name: domain.slice(0, dot) }
  return { provider: ANY_PROVIDER, name: null }
}

/**
 * The mailbox an address reaches: the one rule by which a person's own
 * address in another spelling is told (a referral of oneself, the limit of
 * test sends to one mailbox, the audit log's look-up of a person). Its key
 * (see emailKey: case and look-alikes folded), without a tag, under the
 * provider's own domain and with the characters its provider ignores
 * dropped (see PROVIDERS). Two entries may share it: they stay two entries.
 */
export function mailboxKey(email: string): string {
  const key = emailKey(email)
  const at = key.lastIndexOf("@")
  if (at < 0) return key
  const { provider, name } = providerOf(key.slice(at + 1))
  let mailbox = name ?? key.slice(0, at)
  const tag = [...mailbox].findIndex((character) => provider.tagAt.includes(character))
  if (tag >= 0) mailbox = [...mailbox].slice(0, tag).join("")
  if (provider.ignored) mailbox = [...mailbox].filter((character) => !provider.ignored?.includes(character)).join("")
  if (provider.alike) {
    const [first = "", ...others] = provider.alike
    mailbox = [...mailbox].map((character) => (others.includes(character) ? first : character)).join("")
  }
  return `${mailbox}@${provider.domain || key.slice(at + 1)}`
}
