/**
 * What a personal link earns: one small pure function per decision, named
 * for what it decides (the store applies them in referral-queries.ts).
 */
import { emailKey } from "../addresses/email-identity"
import { mailboxKey } from "../addresses/mailbox-key"
import { isThrowawayAddress } from "../addresses/throwaway-domains"
import type { NetworkPrefix } from "../http/client-networks"

/** Where a referral stands: signed up (not confirmed yet), credited, held for an owner's review, or refused by one. */
export type ReferralState = "pending" | "credited" | "held" | "refused"

/** The credited referrals of one referrer from one network within HELD_WINDOW_MS past which the next ones are held for review. */
export const CREDITS_PER_CLIENT = 3
export const HELD_WINDOW_MS = 24 * 60 * 60 * 1000

/**
 * The networks a referrer's credits are counted by (see networksOf): the
 * client (an IPv4 address, an IPv6 /64), and the IPv6 /56 and /48 it is
 * in, which a home and a business are commonly given whole.
 */
export const HELD_BY_NETWORKS: readonly NetworkPrefix[] = ["client", "ipv6/56", "ipv6/48"]

/**
 * Whether a sign-up through a personal link is recorded as a referral at
 * all: never the referrer's own mailbox in another spelling, never an
 * address of a throwaway domain. Refused quietly: the person signs up as
 * usual, and the referrer never hears of it.
 */
export const mayBeReferred = (referrerEmail: string, referredEmail: string): boolean =>
  mailboxKey(referrerEmail) !== mailboxKey(referredEmail) && !isThrowawayAddress(emailKey(referredEmail))

/** What a referral becomes when its person confirms, given the referrer's credited referrals within the window from the busiest of its networks (see HELD_BY_NETWORKS). */
export const stateOnConfirmation = (creditedFromNetwork: number): ReferralState =>
  creditedFromNetwork >= CREDITS_PER_CLIENT ? "held" : "credited"
