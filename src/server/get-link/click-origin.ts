import { MAX_QUERY_LENGTH } from "../visits/page-view"
import { MAX_REFERRER_LENGTH, originOf, type Origin } from "../visits/traffic-source"

const hasCampaign = ({ utmSource, utmMedium, utmCampaign }: Origin) =>
  utmSource !== "" || utmMedium !== "" || utmCampaign !== ""

/** The parameters of an address's query, its first MAX_QUERY_LENGTH characters read. */
function queryOf(address: string): URLSearchParams {
  const start = address.indexOf("?")
  if (start === -1) return new URLSearchParams()
  const end = address.indexOf("#", start)
  return new URLSearchParams(
    address.slice(start + 1, Math.min(end === -1 ? address.length : end, start + 1 + MAX_QUERY_LENGTH)),
  )
}

/**
 * Where a request of `/get` came from: its own campaign parameters, else
 * those of the site's page in its Referer (so the campaign a visitor
 * arrived by reaches the store), and the referrer's host unless it is the
 * site. Every value is bounded before it is read.
 * @param url the request's URL, path and query
 * @param ownHosts the site's hosts, the request's Host among them
 */
export function clickOrigin(url: string, referer: string | undefined, ownHosts: readonly string[]): Origin {
  const own = queryOf(url)
  const origin = originOf(referer, (name) => own.get(name), ownHosts)
  if (hasCampaign(origin) || !origin.internal || !referer || referer.length > MAX_REFERRER_LENGTH) return origin
  const page = queryOf(referer)
  return originOf(referer, (name) => page.get(name), ownHosts)
}
