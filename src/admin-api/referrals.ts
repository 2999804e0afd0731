/**
 * The referrals' review queue and the rewards as the admin's API answers
 * them: what the server writes and the admin's pages read. Times are
 * `Date` on the server and ISO text once they are JSON.
 */

/** A referral held for review, as the queue lists it. */
export type HeldReferral<Time = string> = {
  /** The referred person's entry: what a decision's path names. */
  id: number
  referred: string
  referrer: string
  referrerId: number
  signedUpAt: Time
  /** When the friend confirmed, or when the credit was withdrawn. */
  heldAt: Time | null
  /** The network the sign-up came from, as its /24 or /48; null once forgotten (after 30 days) or unknown. */
  network: string | null
  /** Each open reason by its name (see docs/operating.md#reasons-a-referral-is-held), in the team's words with its evidence. */
  reasons: { name: string; text: string; foundAt: Time }[]
}

/** The stores a code is for. */
export type Store = "ios" | "android"

/** One line of the rewards' status: a tier, and a store (null: a tier without codes, or people who did not say their store). */
export type RewardStatusLine = {
  tier: string
  store: Store | null
  earned: number
  paid: number
  waiting: number
  held: number
  /** Codes not given yet; null for a tier without codes, and for people who did not say their store. */
  codesLeft: number | null
}

/** The rewards as `GET /api/admin/rewards` gives them: the file's tiers, its problems, and a line per tier and store. */
export type RewardsAnswer = {
  tiers: { name: string; friends: number; codes: boolean }[]
  problems: string[]
  status: RewardStatusLine[]
}
