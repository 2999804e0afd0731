import { generate } from "otplib"
import { runAdminCommand } from "../../src/server/cli/admin-commands"
import type { Role } from "../../src/admin-api/roles"
import { openDbOf } from "./waitlist-store-access"

/** An answer of the admin's API: its status, headers, and body parsed as JSON (null for none). */
export type AdminAnswer = { status: number; headers: Headers; body: Record<string, unknown> | null; text: string }

/** How a test calls a route: as the admin's pages do (same origin) unless it says otherwise. */
export type AdminCallOptions = {
  cookie?: string
  body?: unknown
  rawBody?: string
  headers?: Record<string, string>
  crossOrigin?: boolean
}

/** Calls /api/admin/<path> of a running site as a page of the site does: JSON, with the site's Origin and `Sec-Fetch-Site: same-origin`. */
export async function callAdmin(
  site: { url: string },
  method: string,
  path: string,
  { cookie, body, rawBody, headers = {}, crossOrigin = false }: AdminCallOptions = {},
): Promise<AdminAnswer> {
  const sent: Record<string, string> = crossOrigin
    ? { Origin: "https://attacker.example", "Sec-Fetch-Site": "cross-site" }
    : { Origin: site.url, "Sec-Fetch-Site": "same-origin" }
  if (cookie) sent.Cookie = cookie
  if (body !== undefined || rawBody !== undefined) sent["Content-Type"] = "application/json"
  const response = await fetch(`${site.url}/api/admin/${path}`, {
    method,
    headers: { ...sent, ...headers },
    body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
  })
  const text = await response.text()
  let parsed: Record<string, unknown> | null = null
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : null
  } catch {
    parsed = null
  }
  return { status: response.status, headers: response.headers, body: parsed, text }
}

/** The `name=value` of the session cookie an answer set, as a browser would send it back. */
export function sessionCookieOf(answer: AdminAnswer): string {
  const set = answer.headers.getSetCookie().find((cookie) => cookie.startsWith("__Host-admin_session="))
  if (!set) throw new Error(`no session cookie was set (status ${answer.status}: ${answer.text})`)
  return set.split(";")[0] ?? ""
}

/** The code an authenticator with this secret shows at `at`. */
export const codeAt = (secret: string, at: Date): Promise<string> =>
  generate({ secret, epoch: Math.floor(at.getTime() / 1000) })

/** Runs a command of the admin's CLI in this process, on the store these settings name, at `now`. */
export async function adminCli(
  settings: Record<string, string>,
  args: string[],
  now = new Date(),
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ""
  let stderr = ""
  const code = await runAdminCommand(args, {
    openDb: () => openDbOf(settings),
    siteUrl: "https://site.example",
    now: () => now,
    out: (text) => void (stdout += text),
    err: (text) => void (stderr += text),
  })
  return { code, stdout, stderr }
}

/** Invites an address with the admin's CLI (in this process, on the store these settings name) and returns the link's token. */
export async function inviteWithCli(
  settings: Record<string, string>,
  email: string,
  role: Role,
  now = new Date(),
): Promise<string> {
  let printed = ""
  let errors = ""
  const code = await runAdminCommand(["invite", email, "--role", role], {
    openDb: () => openDbOf(settings),
    siteUrl: "https://site.example",
    now: () => now,
    out: (text) => void (printed += text),
    err: (text) => void (errors += text),
  })
  const token = /\/admin\/invite#([\w-]{43})/.exec(printed)?.[1]
  if (code !== 0 || !token) throw new Error(`the invitation failed (${code}): ${errors}`)
  return token
}

/** An account that took its invitation: its address, password, authenticator secret and the cookie of the session it began with. */
export type EnrolledAccount = { email: string; password: string; secret: string; cookie: string }

/** Takes an invitation as its page does: opens it, reads the secret shown, and sends the password with the code computed from it. */
export async function enrol(
  site: { url: string },
  token: string,
  email: string,
  at: Date,
  password = `A long passphrase for ${email}`,
): Promise<EnrolledAccount> {
  const opened = await callAdmin(site, "POST", "invite", { body: { token } })
  if (opened.status !== 200) throw new Error(`the invitation did not open (${opened.status}): ${opened.text}`)
  const secret = String(opened.body?.secret)
  const accepted = await callAdmin(site, "POST", "invite/accept", {
    body: { token, password, code: await codeAt(secret, at) },
  })
  if (accepted.status !== 204) throw new Error(`the invitation was not taken (${accepted.status}): ${accepted.text}`)
  return { email, password, secret, cookie: sessionCookieOf(accepted) }
}

/** Logs in with the code of `at`; the answer as it came. */
export async function logIn(
  site: { url: string },
  account: Pick<EnrolledAccount, "email" | "password" | "secret">,
  at: Date,
  headers: Record<string, string> = {},
): Promise<AdminAnswer> {
  return callAdmin(site, "POST", "session", {
    body: { email: account.email, password: account.password, code: await codeAt(account.secret, at) },
    headers,
  })
}
