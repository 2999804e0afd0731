import { PLACE_DATA_PATH, PLACE_LINK_PARAMS, type PlaceView } from "./place-view"

/** What the API said of a place page's signed link: the person's place, a link that opens nothing, or no answer. */
export type PlaceAnswer = { kind: "shown"; place: PlaceView } | { kind: "expired" } | { kind: "unavailable" }

/**
 * Asks the API for the place of the signed link in a page's address
 * (`?code=…&sig=…`). A link without them, or one the API refuses (404),
 * has expired; a network failure or any other answer is unavailable, for now.
 */
export async function readPlace(search: string): Promise<PlaceAnswer> {
  const given = new URLSearchParams(search)
  const query = new URLSearchParams()
  for (const name of PLACE_LINK_PARAMS) query.set(name, given.get(name) ?? "")
  if (PLACE_LINK_PARAMS.some((name) => !query.get(name))) return { kind: "expired" }
  try {
    const response = await fetch(`${PLACE_DATA_PATH}?${query.toString()}`, { headers: { Accept: "application/json" } })
    if (response.status === 404) return { kind: "expired" }
    if (!response.ok) return { kind: "unavailable" }
    return { kind: "shown", place: (await response.json()) as PlaceView }
  } catch {
    return { kind: "unavailable" }
  }
}
