import type { MailServerAnswer } from "../../src/server/addresses/mail-servers"
import type { Db } from "../../src/server/db/db"
import { linkTokenKey, newLinkToken } from "../../src/server/entries/link-tokens"
import { clientAt } from "../../src/server/http/client-address"
import { CONFIRMATION_TTL_MS, NOTHING_TO_DELIVER } from "../../src/server/signup/confirmation-rules"
import { confirmAddress, leaveByLink } from "../../src/server/signup/links"
import { submitSignup } from "../../src/server/signup/sign-up"

/** A person signed up in a store test: their entry's id, their personal code once confirmed, their confirmation to press (on another instance's store, if given), and their leave link. */
export type SignedUp = {
  id: number
  code: string | null
  confirm: (at: Date, db?: Db) => Promise<unknown>
  leave: (at: Date) => Promise<unknown>
}

/**
 * Signs a person up as the sign-up route does, maybe through a personal
 * link from a client (203.0.113.7 unless told) with what DNS said of their
 * domain's mail server; their confirmation is pressed later. Queues no
 * mail: the store's rules are what such a test checks.
 */
export async function signUpAt(
  db: Db,
  email: string,
  at: Date,
  {
    code = null,
    client = "203.0.113.7",
    metadata = { locale: "en" },
    mailServer = "unknown",
  }: { code?: string | null; client?: string; metadata?: Record<string, unknown>; mailServer?: MailServerAnswer } = {},
): Promise<SignedUp> {
  const token = newLinkToken(at.getTime())
  const confirmation = {
    mail: { kind: "confirm" as const, recipient: email, payload: "{}" },
    tokenKey: linkTokenKey(token),
    leaveTokenKey: linkTokenKey(newLinkToken()),
    expiresAt: new Date(at.getTime() + CONFIRMATION_TTL_MS),
  }
  await submitSignup(db, {
    entry: { name: email.split("@")[0] ?? "", email, message: "", metadata },
    discard: false,
    rateLimit: null,
    plan: { ...NOTHING_TO_DELIVER, confirmation },
    now: at,
    cameThrough: code ? { code, client: clientAt(client), mailServer } : null,
  })
  const row = await db.read((on) =>
    on.selectFrom("waitlist_entries").select("id").where("email", "=", email).executeTakeFirstOrThrow(),
  )
  const person: SignedUp = {
    id: row.id,
    code: null,
    leave: (when) => leaveByLink(db, confirmation.leaveTokenKey, when),
    confirm: async (when, other = db) => {
      await confirmAddress(other, confirmation.tokenKey, when, null)
      person.code = (
        await db.read((on) =>
          on.selectFrom("waitlist_entries").select("referral_code").where("id", "=", row.id).executeTakeFirstOrThrow(),
        )
      ).referral_code
    },
  }
  return person
}
