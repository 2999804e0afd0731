import type { BounceKind } from "./deliveries"

/**
 * The enhanced status codes (RFC 3463) that say the address itself can
 * never take mail: no such mailbox or domain, a bad address, a mailbox
 * moved or disabled, a domain that accepts no mail (RFC 7505). Any other
 * permanent refusal (a full mailbox, a message refused for its content or
 * a policy) says nothing final of the address: a soft bounce. 5.1.7 and
 * 5.1.8 are about the sender, and never count against a reader.
 */
const HARD_STATUSES = new Set(["5.1.0", "5.1.1", "5.1.2", "5.1.3", "5.1.6", "5.1.10", "5.2.1"])

/** The enhanced status code a reply or diagnostic text carries, as `5.1.1`, or null. */
export function enhancedStatus(text: string): string | null {
  return /\b([245]\.\d{1,3}\.\d{1,3})\b/.exec(text.slice(0, 1000))?.[1] ?? null
}

/** What a DSN's `Status` of a recipient it failed to deliver to says of the address. */
export const bounceOfStatus = (status: string): BounceKind => (HARD_STATUSES.has(status) ? "hard" : "soft")

/**
 * What an SMTP server's refusal at delivery says of the address mailed:
 * a 5xx reply with a hard status is a hard bounce, any other 5xx reply to
 * the recipient (RCPT TO) a soft one; a 4xx reply is retried as any
 * failure, and a refusal of the sender, the login or the connection says
 * nothing of the address at all.
 */
export function classifySmtpRefusal(error: unknown): BounceKind | undefined {
  const { responseCode, response, command } = error as { responseCode?: unknown; response?: unknown; command?: unknown }
  if (typeof responseCode !== "number" || responseCode < 500 || responseCode > 599) return undefined
  const status = enhancedStatus(typeof response === "string" ? response : "")
  if (status && HARD_STATUSES.has(status)) return "hard"
  return command === "RCPT TO" ? "soft" : undefined
}

/**
 * What is kept of a refusal or report: its reply code and status only
 * (`550 5.1.1`), never its text, which names the address.
 */
export function bounceDetail(text: string): string {
  const head = text.slice(0, 1000)
  const code = /\b([45]\d\d)\b/.exec(head)?.[1]
  const status = enhancedStatus(head)
  return [code, status].filter(Boolean).join(" ") || "no status given"
}
