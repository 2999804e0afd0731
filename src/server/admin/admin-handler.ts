import { isSameOrigin } from "../http/request-origin"
import { json, type ApiRequest, type ClientInfo, type WebHandler } from "../http/web-handler"
import type { WaitlistContext } from "../waitlist/waitlist-context"
import { StoreUnavailableError } from "../waitlist/waitlist-store"
import type { SessionAccount } from "./admin-store"
import { acceptInvitation, openInvitation } from "./invitation"
import { clientOf, login, whoIs } from "./login"
import { peopleRoutes } from "./people-routes"
import { mayUse, type Area } from "../../admin/roles"
import { isSecretToken, secretTokenKey } from "./secret-tokens"
import { clearedSessionCookie, sessionToken } from "./session-cookie"

/** The most of a body an admin route reads: a login, an invitation or an erasure's confirmation is well under 1 KB. */
export const ADMIN_BODY_BYTES = 4096

/** What a route of the admin is given: the request, its path's last part, the client, and the account of its session. */
export type AdminCall = { request: ApiRequest; client: ClientInfo; context: WaitlistContext; account: SessionAccount; rest: string; sessionKey: string }

/** A route of the admin that needs a session: the area its role must have (none: any account), and its handler. */
type SessionRoute = { area: Area | null; handle: (call: AdminCall) => Promise<Response> }

/** A route that needs no session (the login, an invitation). */
type OpenRoute = (request: ApiRequest, client: ClientInfo, context: WaitlistContext) => Promise<Response>

const OPEN_ROUTES: Record<string, Partial<Record<string, OpenRoute>>> = {
  session: { POST: login },
  invite: { POST: (request, _client, context) => openInvitation(request, context) },
  "invite/accept": { POST: acceptInvitation },
}

const SESSION_ROUTES: Record<string, Partial<Record<string, SessionRoute>>> = {
  session: {
    GET: { area: null, handle: async ({ account }) => json(200, whoIs(account)) },
    DELETE: {
      area: null,
      handle: async ({ request, client, context, account, sessionKey }) => {
        await context.store().admin.endSession(sessionKey, account, context.now(), clientOf(request, client, context).ip)
        return new Response(null, { status: 204, headers: { "Cache-Control": "no-store", "Set-Cookie": clearedSessionCookie() } })
      },
    },
  },
  ...peopleRoutes,
}

/** Methods that change something: refused from another origin. */
const SAFE_METHODS = new Set(["GET", "HEAD"])

const unauthorized = () => json(401, { error: "Log in to use the admin." }, { "Set-Cookie": clearedSessionCookie() })

/** The route a path names, and the part of the path after it (a person's address). */
function routeOf(path: string): { name: string; rest: string } {
  const people = "people/"
  if (path.startsWith(people)) return { name: "people", rest: path.slice(people.length) }
  return { name: path, rest: "" }
}

/**
 * The handler of every route under /api/admin/: JSON in and out, never
 * cached. A route that does not exist answers 404, a method it does not
 * take 405; a state-changing request (anything but GET) from another
 * origin 403 (checked by `Origin` and `Sec-Fetch-Site`, also for the
 * login, so no other site can log a browser in or out); a route needing a
 * session 401 without a valid one, 403 for a role that may not use it.
 * The promise never rejects: an unreachable store is a 503.
 */
export function adminHandler(context: WaitlistContext): WebHandler {
  return async (request, client) => {
    try {
      return await answer(request, client, context)
    } catch (error) {
      const cause = error instanceof StoreUnavailableError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)
      context.log.error({ reqId: client.requestId, method: request.method, cause }, "admin: a request failed")
      return json(503, { error: "The admin is unavailable right now. Please try again in a moment." }, { "Retry-After": "5" })
    }
  }
}

async function answer(request: ApiRequest, client: ClientInfo, context: WaitlistContext): Promise<Response> {
  const url = new URL(request.url)
  const path = url.pathname.replace(/^\/api\/admin\/?/, "")
  const { name, rest } = routeOf(path)
  const open = OPEN_ROUTES[name]
  const withSession = SESSION_ROUTES[name]
  if (!open && !withSession) return json(404, { error: "There is no such admin route." })
  const method = request.method === "HEAD" ? "GET" : request.method
  const openRoute = open?.[method]
  const sessionRoute = withSession?.[method]
  if (!openRoute && !sessionRoute) {
    const allowed = [...Object.keys(open ?? {}), ...Object.keys(withSession ?? {})]
    return json(405, { error: `Use ${allowed.join(" or ")} here.` }, { Allow: allowed.join(", ") })
  }
  if (!SAFE_METHODS.has(request.method) && !isSameOrigin(request.headers, context.allowedOrigins)) {
    return json(403, { error: "Changes are taken only from the admin's own pages." })
  }
  if (openRoute) return openRoute(request, client, context)
  if (!sessionRoute) return json(404, { error: "There is no such admin route." })
  const token = sessionToken(request.headers.get("cookie"))
  if (!isSecretToken(token)) return unauthorized()
  const sessionKey = secretTokenKey(token)
  const account = await context.store().admin.session(sessionKey, context.now())
  if (!account) return unauthorized()
  if (sessionRoute.area && !mayUse(account.role, sessionRoute.area)) return json(403, { error: "Your role may not use this part of the admin." })
  return sessionRoute.handle({ request, client, context, account, rest, sessionKey })
}
