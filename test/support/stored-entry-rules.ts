import { validateContact } from "../../src/waitlist/contact-rules"
import { parseSubmission } from "../../src/server/signup/submission-schema"
import type { WaitlistEntry } from "../../src/server/entries/entry-list"

/**
 * Checks that a stored entry is one the waitlist could have accepted: the
 * form's rules pass, the name and e-mail are trimmed, and the server's own
 * parser takes every message with its metadata again, unchanged (types,
 * limits, storable text, the metadata's shape).
 */
export function expectAcceptableEntry(entry: WaitlistEntry): void {
  const { name, email } = entry
  expect(validateContact({ name, email })).toEqual({})
  expect({ name: name.trim(), email: email.trim() }).toEqual({ name, email })
  expect(entry.messages.length).toBeGreaterThan(0)
  for (const sent of entry.messages) {
    const again = parseSubmission({ name: sent.name, email, message: sent.message, city: "", metadata: sent.metadata })
    expect(again).toEqual({
      ok: true,
      submission: { name: sent.name, email, message: sent.message, city: "", metadata: sent.metadata },
    })
  }
}
