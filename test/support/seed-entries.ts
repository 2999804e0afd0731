import { countBounce } from "../../src/server/bounces/suppressions"
import { deliveriesIn } from "../../src/server/outbox/outbox-queries"
import { CONFIRMATION_TTL_MS, NOTHING_TO_DELIVER } from "../../src/server/signup/confirmation-rules"
import { linkTokenKey, newLinkToken } from "../../src/server/entries/link-tokens"
import { confirmAddress } from "../../src/server/signup/links"
import { submitSignup } from "../../src/server/signup/sign-up"
import { claimed, markDone } from "./outbox-access"
import { formMetadata } from "./waitlist-api-client"
import { openDbOf } from "./waitlist-store-access"

/** Adds confirmed entries, each signed up from a page in its `locale` (and unconfirmed ones with `confirmed: false`), straight into the store of these settings. */
export async function seedEntries(
  settings: Record<string, string>,
  people: { email: string; locale: string; name?: string; confirmed?: boolean }[],
) {
  const store = openDbOf(settings)
  const now = new Date()
  try {
    for (const { email, locale, name = email.split("@")[0] ?? "", confirmed = true } of people) {
      const confirmation = {
        mail: { kind: "confirm" as const, recipient: email, payload: "{}" },
        tokenKey: linkTokenKey(newLinkToken()),
        leaveTokenKey: linkTokenKey(newLinkToken()),
        expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS),
      }
      await submitSignup(store, {
        entry: { name, email, message: "", metadata: { ...formMetadata, locale } },
        discard: false,
        rateLimit: null,
        plan: { ...NOTHING_TO_DELIVER, confirmation },
        now,
      })
      if (confirmed) await confirmAddress(store, confirmation.tokenKey, now, null)
    }
    // The seeded confirmations were never meant to be mailed.
    for (const delivery of await claimed(store, new Date(now.getTime() + 1000), 3_600_000, 100_000, "mail"))
      await markDone(store, delivery.id, now)
  } finally {
    await store.close()
  }
}

/** Suppresses an address among the seeded ones, as a complaint about its confirmation mail would. */
export async function complainOf(settings: Record<string, string>, email: string, now = new Date()) {
  const store = openDbOf(settings)
  try {
    const confirmation = (await deliveriesIn(store, ["sent"])).find(
      (delivery) => delivery.recipient === email && delivery.kind === "confirm",
    )
    if (!confirmation) throw new Error(`${email} has no confirmation mail to complain of`)
    await countBounce(store, confirmation.id, "complaint", null, now)
  } finally {
    await store.close()
  }
}
