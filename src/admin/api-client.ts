/**
 * How the admin's pages call /api/admin/: JSON, same origin, the session's
 * cookie sent by the browser.
 */

/** An answer of the admin's API: its status, its JSON body when it succeeded, and else its message and the fields it names. */
export type ApiAnswer<T> = { status: number; data: T | null; error: string | null; fields: Record<string, string> }

/** The message shown when the request itself failed (no network, the server down). */
export const NETWORK_ERROR = "The admin could not be reached. Check the connection and try again."

/** Calls a route of the admin's API. */
export async function callApi<T>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
  try {
    const response = await fetch(`/api/admin/${path}`, {
      method,
      credentials: "same-origin",
      headers:
        body === undefined
          ? { Accept: "application/json" }
          : { Accept: "application/json", "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    let data: unknown = null
    try {
      data = text ? JSON.parse(text) : null
    } catch {
      data = null
    }
    if (response.ok) return { status: response.status, data: data as T, error: null, fields: {} }
    const refusal = (data ?? {}) as { error?: unknown; fields?: unknown }
    const fields =
      typeof refusal.fields === "object" && refusal.fields !== null ? (refusal.fields as Record<string, string>) : {}
    return {
      status: response.status,
      data: null,
      error: typeof refusal.error === "string" ? refusal.error : `The admin answered ${response.status}.`,
      fields,
    }
  } catch {
    return { status: 0, data: null, error: NETWORK_ERROR, fields: {} }
  }
}

/** The login page, with the page to come back to after logging in. */
export const loginPath = (from: string) => `/admin/login?next=${encodeURIComponent(from)}`

/** Where a login sends the browser: a page of the admin named by `next`, or the dashboard (never another site). */
export function afterLogin(search: string): string {
  const next = new URLSearchParams(search).get("next") ?? ""
  return /^\/admin(\/[\w-]*)?$/.test(next) ? next : "/admin"
}

/** A time as the admin shows it: in UTC, to the minute. */
export const shownTime = (iso: string | null | undefined): string =>
  iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : "—"
