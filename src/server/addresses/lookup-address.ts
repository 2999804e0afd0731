/**
 * An address as legal staff and owners type it to look a person up (the
 * admin's people, audit and login routes, and the command lines): the one
 * parser of look-ups, so that no spelling can name another person's entry.
 */

/** The longest address an account or an entry may have (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254

/** Characters no address holds: controls and what shows as nothing. */
const UNSEEN = /[\0-\x1F\x7F-\x9F\p{Cf}\p{Zl}\p{Zp}]/u

/**
 * What a URL's parser would cut or decode in a domain (a path, a query, a
 * fragment, a port, percent-escapes, brackets, spaces): `a@example.com/x`
 * must not fold into `a@example.com`.
 */
const NOT_OF_A_DOMAIN = /[/?#\\%:[\]\s@]/

/**
 * The address of a look-up, trimmed, or undefined for text no entry could
 * have: at most 254 characters of one line of visible text, one mailbox and
 * one domain around the last `@`, the domain free of anything a URL's
 * parser would cut off. It is the contact rules' strict form or an address
 * an earlier version stored, so every entry stays reachable for a person's
 * request, and nothing else is.
 */
export function lookupAddressOf(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim()
  if (!trimmed || [...trimmed].length > MAX_EMAIL_LENGTH || UNSEEN.test(trimmed)) return undefined
  const at = trimmed.lastIndexOf("@")
  if (at <= 0 || at === trimmed.length - 1 || NOT_OF_A_DOMAIN.test(trimmed.slice(at + 1))) return undefined
  return trimmed
}
