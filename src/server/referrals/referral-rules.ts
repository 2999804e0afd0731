/**
 * What a personal link earns: one small pure function per decision, named
 * for what it decides (the store applies them in referral-records.ts and
 * referral-reasons.ts).
 */
import { emailKey } from "../addresses/email-identity"
import type { MailServerAnswer } from "../addresses/mail-servers"
import { mailboxKey } from "../addresses/mailbox-key"
import { isThrowawayAddress } from "../addresses/throwaway-domains"
import type { NetworkPrefix } from "../http/client-networks"

/** Where a referral stands: signed up (not confirmed yet), credited, held for the team's review, or refused by it. */
export type ReferralState = "pending" | "credited" | "held" | "refused"

/**
 * Why a referral is not credited, each named for the team: the referrer's
 * own mailbox, a throwaway domain, a domain with no mail server, a burst
 * of credits from one network, a referrer whose friends mostly never
 * confirm, and a credited friend whose address hard-bounced or who
 * complained (the credit withdrawn).
 */
export const REASON_NAMES = [
  "own-mailbox",
  "throwaway-domain",
  "no-mail-server",
  "network-burst",
  "mostly-unconfirmed",
  "hard-bounce",
  "complaint",
] as const
export type ReasonName = (typeof REASON_NAMES)[number]

/** The credited referrals of one referrer from one network within HELD_WINDOW_MS past which the next ones are held for review. */
export const CREDITS_PER_CLIENT = 3
export const HELD_WINDOW_MS = 24 * 60 * 60 * 1000

/**
 * The networks a referrer's credits are counted by (see networksOf): the
 * client (an IPv4 address, an IPv6 /64), the IPv4 /24 it is in, and the
 * IPv6 /56 and /48, which a home and a business are commonly given whole.
 */
export const HELD_BY_NETWORKS: readonly NetworkPrefix[] = ["client", "ipv4/24", "ipv6/56", "ipv6/48"]

/** The network a referral's evidence names: its IPv4 /24 or IPv6 /48, never an address. */
export const SHOWN_NETWORKS: readonly NetworkPrefix[] = ["ipv4/24", "ipv6/48"]

/** A referrer this many referred sign-ups old enough to tell, most of them unconfirmed, has their new referrals held. */
export const MOSTLY_UNCONFIRMED = { signUps: 5, share: 0.8, afterMs: 48 * 60 * 60 * 1000 } as const

/** A referrer's sign-ups through their link older than MOSTLY_UNCONFIRMED.afterMs: how many, and how many never confirmed. */
export type ReferrerHistory = { signedUp: number; unconfirmed: number }

/** Whether a referrer's friends mostly never confirm: at least 5 sign-ups old enough to tell, 80% of them unconfirmed. */
export const mostlyUnconfirmed = ({ signedUp, unconfirmed }: ReferrerHistory): boolean =>
  signedUp >= MOSTLY_UNCONFIRMED.signUps && unconfirmed >= MOSTLY_UNCONFIRMED.share * signedUp

/**
 * The reasons a sign-up through a personal link carries from the start:
 * the referrer's own mailbox in another spelling (see mailboxKey), a
 * throwaway domain, a domain DNS says has no mail server (a lookup that
 * failed says nothing), a referrer whose friends mostly never confirm.
 * The referral is recorded all the same, and held when its person confirms.
 */
export function reasonsAtSignUp(
  referrerEmail: string,
  referredEmail: string,
  mailServer: MailServerAnswer,
  history: ReferrerHistory,
): ReasonName[] {
  return [
    ...(mailboxKey(referrerEmail) === mailboxKey(referredEmail) ? (["own-mailbox"] as const) : []),
    ...(isThrowawayAddress(emailKey(referredEmail)) ? (["throwaway-domain"] as const) : []),
    ...(mailServer === "none" ? (["no-mail-server"] as const) : []),
    ...(mostlyUnconfirmed(history) ? (["mostly-unconfirmed"] as const) : []),
  ]
}

/** Whether a confirmation makes a burst: its referrer's credits within the window from the busiest of its networks (see HELD_BY_NETWORKS) are CREDITS_PER_CLIENT already. */
export const isBurst = (creditedFromNetwork: number): boolean => creditedFromNetwork >= CREDITS_PER_CLIENT
