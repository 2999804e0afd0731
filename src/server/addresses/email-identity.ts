import { domainToASCII, domainToUnicode } from "url"
import { folded } from "../../waitlist/folded-text"

/** An address split at its last at sign: the part before is the mailbox, the part after the domain (none without an at sign). */
const split = (email: string): [string, string | null] => {
  const at = email.lastIndexOf("@")
  return at < 0 ? [email, null] : [email.slice(0, at), email.slice(at + 1)]
}

/**
 * The domain in its one stored form: an internationalized domain as
 * Unicode (`bücher.de`, also for `xn--bcher-kva.de`), lower-cased as the
 * IDNA mapping does; a domain IDNA refuses, folded as text.
 */
const canonicalDomain = (domain: string): string => {
  const ascii = domainToASCII(domain)
  return ascii ? domainToUnicode(ascii) : folded(domain)
}

/**
 * The address as the waitlist stores it: the mailbox as the person typed
 * it (in Unicode's composed form) and the domain in its one stored form.
 * @param email an address that passed the contact rules, trimmed
 */
export const storedEmail = (email: string): string => {
  const [mailbox, domain] = split(email)
  return domain === null ? email.normalize("NFC") : `${mailbox.normalize("NFC")}@${canonicalDomain(domain)}`
}

/**
 * What identifies a person on the waitlist: the address folded so that
 * every spelling of it that looks the same (or that mail servers treat as
 * the same domain) gives one key. Two sign-ups with one key are one entry.
 * @param email an address (a deletion request's too), spaces around it ignored
 */
export const emailKey = (email: string): string => {
  const [mailbox, domain] = split(email.trim())
  if (domain === null) return folded(mailbox)
  // A URL's parser would drop a path or query and decode escapes (`example.com/x` is `example.com` to it): such a domain is folded as text.
  const ascii = /[/?#\\%]/.test(domain) ? "" : domainToASCII(domain)
  return `${folded(mailbox)}@${ascii || folded(domain)}`
}
