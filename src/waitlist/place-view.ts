/**
 * The place page's data, as the server answers it and the page's island
 * shows it: the page itself is built like every page of the site, and a
 * person's data reaches it only from the API, asked for with the signed
 * link's code and signature.
 */

/** The path of the place page, in English (every language has its own: /es/waitlist/place). */
export const PLACE_PAGE_PATH = "/waitlist/place"

/** The API route that answers a place page's data for its signed link's `code` and `sig` (and the page's `lang`, for the rewards' words). */
export const PLACE_DATA_PATH = "/api/waitlist-place/data"

/** The API route the place page posts the person's store to (`{"platform": "ios"}`), with its signed link's `code` and `sig`. */
export const PLACE_STORE_PATH = "/api/waitlist-place/store"

/** A reward earned, as the page shows it: its words, and whether it is theirs (with its code), on its way, or waiting for them to choose their store. */
export type RewardLine = {
  title: string
  paragraphs: string[]
  state: "yours" | "on-its-way" | "choose-store"
  code: { value: string; store: "ios" | "android"; redeemUrl: string | null } | null
}

/** The rewards part of the page: the rewards earned, the next tier and how many more friends it needs, whether to ask for the person's store. */
export type RewardsView = { earned: RewardLine[]; next: { title: string; more: number } | null; askStore: boolean }

/** Where a person stands, as the API answers it. */
export type PlaceView = {
  /** Their place in line, 1 first. */
  place: number
  /** Friends who signed up through their link and confirmed. */
  credited: number
  /** Friends who signed up through their link and have not confirmed yet (or are held for review). */
  pending: number
  /** How many places each credited friend moves them ahead. */
  boost: number
  /** Their personal link: `https://storyling.app/r/k3T9xQ2a`. */
  link: string
  /** Their rewards in the page's language; null when no tiers are set (content/rewards.md). */
  rewards: RewardsView | null
}

/** The signed link's parameters a place page carries in its address, which its data is asked for with. */
export const PLACE_LINK_PARAMS = ["code", "sig"] as const
