import { json } from "../http/web-handler"
import type { AdminCall } from "./admin-handler"
import { MAX_PAGE, PAGE_SIZE } from "./admin-limits"
import { addressOf, readBodyFields, textField } from "./admin-request"
import { clientOf } from "./login"
import { personExport } from "./person-export"
import type { Area } from "../../admin/roles"
import { visitStats } from "../visits/visit-stats"
import { emailKey } from "../waitlist/email-identity"

/** The longest search term: far longer than any address or name searched for. */
export const MAX_SEARCH_LENGTH = 200
/** The periods the dashboard shows, in days. */
export const DASHBOARD_PERIODS = [7, 30, 90, 365] as const
/** The most of a path's address read before it is decoded: 254 characters of four bytes each, percent-encoded. */
const MAX_ENCODED_ADDRESS = 254 * 12

const invalid = (error: string, field: string) => json(422, { error, fields: { [field]: error } })

/** A page number from the query (1 when absent), or null for one that is not a whole number from 1 to MAX_PAGE. */
function pageOf(query: URLSearchParams): number | null {
  const raw = query.get("page") ?? "1"
  if (!/^\d{1,5}$/.test(raw)) return null
  const page = Number(raw)
  return page >= 1 && page <= MAX_PAGE ? page : null
}

/** The address a path names (`/api/admin/people/<address>`, percent-encoded), or undefined for one no entry could have. */
function pathAddress(rest: string): string | undefined {
  if (rest.length === 0 || rest.length > MAX_ENCODED_ADDRESS) return undefined
  try {
    return addressOf(decodeURIComponent(rest))
  } catch {
    return undefined
  }
}

const NO_ADDRESS = "The path does not name an address an entry could have: at most 254 characters of visible text, percent-encoded."

/**
 * GET /api/admin/dashboard?days=30: the figures of the dashboard (owner,
 * marketing): the waitlist's, and under `visits` the visits of the same
 * days with their funnel, as `npm run waitlist -- stats --json` prints
 * them (one function computes both: visitStats).
 */
async function dashboard({ request, context }: AdminCall) {
  const raw = new URL(request.url).searchParams.get("days") ?? "30"
  const days = DASHBOARD_PERIODS.find((period) => String(period) === raw)
  if (!days) return invalid(`Ask for ${DASHBOARD_PERIODS.join(", ")} days.`, "days")
  const store = context.store()
  const now = context.now()
  const figures = await store.people.dashboard(days, now)
  const visits = await visitStats(store.visits, { days, now, ownHosts: context.siteHosts })
  return json(200, { periodDays: days, ...figures, visits })
}

/** GET /api/admin/entries?q=&page=: entries newest first, searched by address or name (every role). */
async function entries({ request, context }: AdminCall) {
  const query = new URL(request.url).searchParams
  const term = query.get("q") ?? ""
  if ([...term].length > MAX_SEARCH_LENGTH) return invalid(`Search with at most ${MAX_SEARCH_LENGTH} characters.`, "q")
  const page = pageOf(query)
  if (page === null) return invalid(`Ask for a page from 1 to ${MAX_PAGE}.`, "page")
  return json(200, await context.store().people.searchEntries(term, page, PAGE_SIZE))
}

/**
 * GET /api/admin/people/<address>: everything held about an address, as
 * the file to hand to that person (owner, legal); every export is in the
 * audit log, a fruitless one too.
 */
async function exportPerson({ request, client, context, account, rest }: AdminCall) {
  const address = pathAddress(rest)
  if (!address) return json(400, { error: NO_ADDRESS })
  const { people, admin } = context.store()
  const now = context.now()
  const record = await people.person(address)
  const audit = { action: "export" as const, actor: { accountId: account.id, label: account.email }, at: now, ip: clientOf(request, client, context).ip, subjectHash: people.addressHash(address) }
  await admin.recordAudit({ ...audit, detail: record ? null : "nothing held" })
  if (!record) return json(404, { error: "Nothing is held about this address." })
  return json(200, personExport(address, record, now), { "Content-Disposition": 'attachment; filename="personal-data.json"' })
}

/**
 * DELETE /api/admin/people/<address> `{confirm: <address>}`: erases the
 * entry of the address (owner, legal), once the body names the same
 * address again.
 */
async function erasePerson({ request, client, context, account, rest }: AdminCall) {
  const address = pathAddress(rest)
  if (!address) return json(400, { error: NO_ADDRESS })
  const body = await readBodyFields(request)
  if ("refused" in body) return body.refused
  const confirm = addressOf(textField(body.fields, "confirm", 1024))
  if (!confirm || emailKey(confirm) !== emailKey(address)) return invalid("Type the address again, exactly, to confirm the erasure.", "confirm")
  const erased = await context.store().people.erase(address, { accountId: account.id, label: account.email }, clientOf(request, client, context).ip, context.now())
  return erased === 0 ? json(404, { error: "No entry has this address: there is nothing to erase." }) : json(200, { erased: true })
}

/** GET /api/admin/audit?page=&address=: the audit log newest first, or the lines about one address (owner, legal). */
async function auditLog({ request, context }: AdminCall) {
  const query = new URL(request.url).searchParams
  const page = pageOf(query)
  if (page === null) return invalid(`Ask for a page from 1 to ${MAX_PAGE}.`, "page")
  const typed = query.get("address")
  const address = typed === null || typed.trim() === "" ? null : addressOf(typed)
  if (address === undefined) return invalid("Give an address of at most 254 characters of visible text.", "address")
  const { people, admin } = context.store()
  return json(200, await admin.auditLog(page, PAGE_SIZE, address === null ? null : people.addressHash(address)))
}

type Route = { area: Area; handle: (call: AdminCall) => Promise<Response> }

/** The routes of the waitlist's data, by path and method (see adminHandler). */
export const peopleRoutes: Record<string, Partial<Record<string, Route>>> = {
  dashboard: { GET: { area: "dashboard", handle: dashboard } },
  entries: { GET: { area: "entries", handle: entries } },
  people: { GET: { area: "people", handle: exportPerson }, DELETE: { area: "people", handle: erasePerson } },
  audit: { GET: { area: "audit", handle: auditLog } },
}
