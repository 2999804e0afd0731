/** The prefix of every route of the API. */
export const API_PREFIX = "/api/"

/** The path of a request's URL, without its query (which may hold a link's token). */
export const pathOf = (url: string | undefined): string => {
  const whole = url ?? "/"
  const query = whole.indexOf("?")
  return query === -1 ? whole : whole.slice(0, query)
}
