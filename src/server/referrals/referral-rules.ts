/**
 * What a personal link earns: one small pure function per decision, named
 * for what it decides (the store applies them in referral-queries.ts).
 */
import { emailKey } from "../addresses/email-identity"
import { mailboxKey } from "../addresses/mailbox-key"
import { isThrowawayAddress } from "../addresses/throwaway-domains"

/** Where a referral stands: signed up (not confirmed yet), credited, held for an owner's review, or refused by one. */
export type ReferralState = "pending" | "credited" | "held" | "refused"

/** The credited referrals of one referrer from one client within HELD_WINDOW_MS past which the next ones are held for review. */
export const CREDITS_PER_CLIENT = 3
export const HELD_WINDOW_MS = 24 * 60 * 60 * 1000

/**
 * Whether a sign-up through a personal link is recorded as a referral at
 * all: never the referrer's own mailbox in another spelling, never an
 * address of a throwaway domain. Refused quietly: the person signs up as
 * usual, and the referrer never hears of it.
 */
export const mayBeReferred = (referrerEmail: string, referredEmail: string): boolean =>
  mailboxKey(referrerEmail) !== mailboxKey(referredEmail) && !isThrowawayAddress(emailKey(referredEmail))

/** What a referral becomes when its person confirms, given the referrer's credited referrals from the same client within the window. */
export const stateOnConfirmation = (creditedFromClient: number): ReferralState =>
  creditedFromClient >= CREDITS_PER_CLIENT ? "held" : "credited"
