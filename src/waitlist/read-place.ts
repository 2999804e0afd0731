import { splitLanguage } from "../i18n/languages"
import { trimTrailingSlashes } from "../routing/trim-slashes"
import { PLACE_DATA_PATH, PLACE_LINK_PARAMS, PLACE_PAGE_PATH, PLACE_STORE_PATH, type PlaceView } from "./place-view"

/** What the API said of a place page's signed link: the person's place, a link that opens nothing, or no answer. */
export type PlaceAnswer = { kind: "shown"; place: PlaceView } | { kind: "expired" } | { kind: "unavailable" }

/** The signed link's parameters of a page's address (`?code=…&sig=…`), or null when one is missing. */
function signedQuery(search: string): URLSearchParams | null {
  const given = new URLSearchParams(search)
  const query = new URLSearchParams()
  for (const name of PLACE_LINK_PARAMS) query.set(name, given.get(name) ?? "")
  return PLACE_LINK_PARAMS.some((name) => !query.get(name)) ? null : query
}

/**
 * The signed link a place page takes from the page before it, when its own
 * address has none and the visitor came from a place page of this site:
 * another language's, whose switcher was followed before the page's
 * script gave its links the signed link. That page's `?code=…&sig=…`, else null.
 */
export function signedLinkCarriedOver(here: { search: string; origin: string }, referrer: string): string | null {
  if (signedQuery(here.search) || !referrer) return null
  let before: URL
  try {
    before = new URL(referrer)
  } catch {
    return null
  }
  if (before.origin !== here.origin || splitLanguage(trimTrailingSlashes(before.pathname)).path !== PLACE_PAGE_PATH)
    return null
  const query = signedQuery(before.search)
  return query && `?${query.toString()}`
}

/**
 * Asks the API for the place of the signed link in a page's address
 * (`?code=…&sig=…`), its rewards in the page's language. A link without
 * them, or one the API refuses (404), has expired; a network failure or any
 * other answer is unavailable, for now.
 */
export async function readPlace(search: string, lang: string): Promise<PlaceAnswer> {
  const query = signedQuery(search)
  if (!query) return { kind: "expired" }
  query.set("lang", lang)
  try {
    const response = await fetch(`${PLACE_DATA_PATH}?${query.toString()}`, { headers: { Accept: "application/json" } })
    if (response.status === 404) return { kind: "expired" }
    if (!response.ok) return { kind: "unavailable" }
    return { kind: "shown", place: (await response.json()) as PlaceView }
  } catch {
    return { kind: "unavailable" }
  }
}

/** Tells the API the store a person's codes are for, with the signed link in the page's address; whether it was saved. */
export async function chooseStore(search: string, platform: string): Promise<boolean> {
  const query = signedQuery(search)
  if (!query) return false
  try {
    const response = await fetch(`${PLACE_STORE_PATH}?${query.toString()}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ platform }),
    })
    return response.ok
  } catch {
    return false
  }
}
