import { randomUUID } from "crypto"

const domains = new Map<string, string>()

/** A new Message-ID under the site's own domain, fixed when a mail is queued so every try sends the same mail. */
export function newMessageId(siteUrl: string): string {
  let domain = domains.get(siteUrl)
  if (domain === undefined) {
    domain = new URL(siteUrl).hostname
    domains.set(siteUrl, domain)
  }
  return `<${randomUUID()}@${domain}>`
}
