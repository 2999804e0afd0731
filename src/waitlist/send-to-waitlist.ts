import type { WaitlistSubmission } from "./submission"

/** The API route the contact form posts to (spec §7). */
export const WAITLIST_ENDPOINT = "/api/waitlist"

/**
 * Posts a contact form entry to the waitlist. Any OK status is success; the
 * answer is read as JSON but none of its fields is used.
 * @throws Error for a network failure, a non-OK status or an answer that is not JSON.
 */
export async function sendToWaitlist(submission: WaitlistSubmission): Promise<void> {
  const response = await fetch(WAITLIST_ENDPOINT, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(submission),
  })
  if (!response.ok) throw new Error(`The waitlist answered ${response.status} ${response.statusText}`.trim())
  await response.json()
}
