import { validateContact } from "../waitlist/contact-rules"
import { parseSubmission } from "../waitlist/parse-submission"
import type { WaitlistEntry } from "../waitlist/waitlist-store"

/**
 * Checks that a stored entry is one the waitlist could have accepted: the
 * form's rules pass, the name and e-mail are trimmed, and the server's own
 * parser takes every field (types, limits, storable text, metadata object).
 */
export function expectAcceptableEntry(entry: WaitlistEntry): void {
  const { name, email, message, metadata } = entry
  expect(validateContact({ name, email })).toEqual({})
  expect({ name: name.trim(), email: email.trim() }).toEqual({ name, email })
  expect(parseSubmission({ name, email, message, city: "", metadata })).toMatchObject({ ok: true })
}
