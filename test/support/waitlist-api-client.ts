import type { ContactMetadata, WaitlistSubmission } from "../../src/waitlist/submission"
import { listEntries, type WaitlistEntry } from "../../src/server/entries/entry-list"
import { openDbOf } from "./waitlist-store-access"

/** What the server answered, body read as text so answers can be compared byte for byte. */
export type ApiAnswer = { status: number; headers: Headers; text: string }

type CallOptions = { method?: string; headers?: Record<string, string>; body?: string | FormData }

/** Calls /api/waitlist of a running site. */
export async function callWaitlistApi(
  site: { url: string },
  { method = "POST", headers, body }: CallOptions = {},
): Promise<ApiAnswer> {
  const response = await fetch(`${site.url}/api/waitlist`, { method, headers, body })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

/** Posts a value as the contact form does: JSON with Content-Type application/json. */
export const postJson = (site: { url: string }, value: unknown, headers: Record<string, string> = {}) =>
  callWaitlistApi(site, { body: JSON.stringify(value), headers: { "Content-Type": "application/json", ...headers } })

/** Metadata as the contact page gathers it (spec §3). */
export const formMetadata: ContactMetadata = {
  userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)",
  platform: "iPhone",
  vendor: "Apple Computer, Inc.",
  language: "es-ES",
  languages: ["es-ES", "en"],
  screenResolution: "390x844",
  windowResolution: "390x664",
  pixelRatio: 3,
  timezone: "Europe/Madrid",
  timezoneOffset: -60,
  timestamp: "2025-06-01T10:00:00.000Z",
  connectionType: "4g",
  referrer: null,
  previousPage: null,
  utm: { utm_source: "newsletter" },
  locale: "en",
  referral: null,
}

/**
 * The largest metadata the API stores: the form's fields, and campaign tags
 * of four-byte characters (U+20000) up to exactly 8 KB of JSON.
 */
export function largestValidMetadata(): ContactMetadata {
  const size = (utm: Record<string, string>) => Buffer.byteLength(JSON.stringify({ ...formMetadata, utm }))
  const utm: Record<string, string> = Object.fromEntries(
    Array.from({ length: 32 }, (_, i) => [`utm_tag_${String(i).padStart(2, "0")}`, ""]),
  )
  const keys = Object.keys(utm)
  for (const key of keys)
    utm[key] = "\u{20000}".repeat(Math.max(0, Math.min(256, Math.floor((8 * 1024 - size(utm)) / 4))))
  const last = keys.find((key) => (utm[key] ?? "").length < 500) ?? ""
  utm[last] = `${utm[last] ?? ""}${"v".repeat(8 * 1024 - size(utm))}`
  return { ...formMetadata, utm }
}

/** A valid form entry for an address. */
export const entryFor = (email: string, fields: Partial<WaitlistSubmission> = {}): WaitlistSubmission => ({
  name: "Ana",
  email,
  message: "I'd like to learn Spanish.",
  city: "",
  metadata: formMetadata,
  ...fields,
})

/** The 201 the waitlist gives every accepted entry. */
export const ACCEPTED_BODY = '{"ok":true}'

/**
 * Checks that an answer is an error with this status whose body is JSON
 * with an `error` string, and returns the parsed body.
 */
export function expectJsonError(answer: ApiAnswer, status: number): Record<string, unknown> {
  expect({ status: answer.status, type: answer.headers.get("content-type") }).toEqual({
    status,
    type: expect.stringMatching(/^application\/json\b/),
  })
  const body = JSON.parse(answer.text) as Record<string, unknown>
  expect(body.error).toEqual(expect.stringMatching(/\S/))
  return body
}

/** The entries of the store these settings select, read directly as the CLI does. */
export async function storedEntries(settings: Record<string, string>): Promise<WaitlistEntry[]> {
  const store = openDbOf(settings)
  try {
    return await listEntries(store)
  } finally {
    await store.close()
  }
}
