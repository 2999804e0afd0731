/**
 * @jest-environment node
 */
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import { deliveryKinds } from "../../assemble"
import { openDb, type Db } from "../../db/db"
import { linkTokenKey } from "../../entries/link-tokens"
import { KINDS_OF_LANE } from "../../outbox/deliveries"
import { deliveriesIn } from "../../outbox/outbox-queries"
import { claimDeliveries } from "../../outbox/outbox-worker"
import { readSettings } from "../../settings"
import type { ConfirmationDraft } from "../confirmation-mail"
import { confirmAddress, leaveByLink } from "../links"
import { planSubmission } from "../plan-submission"
import { NO_LONGER_NEEDED, REMINDERS_OFF } from "../reminder-mail"
import { submitSignup } from "../sign-up"

const stores = useThrowawayStores("reminder-")
const SIGNED_UP = new Date("2027-03-01T09:00:00.000Z")
const HOUR_MS = 60 * 60 * 1000
const later = (hours: number) => new Date(SIGNED_UP.getTime() + hours * HOUR_MS)
const settingsWith = (reminder: "0" | "1") =>
  readSettings({ SITE_URL: "https://www.example.com", CONFIRMATION_REMINDER: reminder })
const ON = settingsWith("1")
const entry = { name: "Ana", email: "ana@example.com", message: "", metadata: { locale: "de" } }

/** A sign-up of Ana's address at `now`, planned with these settings; gives the confirmation's draft. */
async function signUp(db: Db, now: Date, settings = ON): Promise<ConfirmationDraft> {
  const plan = planSubmission(entry, settings.mail, now)
  await submitSignup(db, { entry, discard: false, rateLimit: null, plan, now })
  return JSON.parse(plan.confirmation?.mail.payload ?? "{}") as ConfirmationDraft
}

/** The reminders waiting in the outbox. */
const waitingReminders = async (db: Db) =>
  (await deliveriesIn(db, ["pending"])).filter((delivery) => delivery.kind === "reminder")

/** What the worker of a server with these settings does with the mail lane at `now`: the subjects it would send, and why the rest are not. */
async function mailLaneAt(db: Db, now: Date, settings = ON) {
  const claims = await claimDeliveries(db, deliveryKinds(db, settings), KINDS_OF_LANE.mail, now, 60_000, 10)
  const reminders = claims.filter(({ delivery }) => delivery.kind === "reminder")
  const given = (await deliveriesIn(db, ["failed"])).filter((delivery) => delivery.kind === "reminder")
  return {
    sent: reminders.map(({ write }) => write()).map((outgoing) => ("mail" in outgoing ? outgoing.mail : null)),
    givenUp: given.map((delivery) => delivery.lastError),
  }
}

describe.each([
  ["SQLite", stores.sqlite],
  ["PostgreSQL", stores.postgres],
] as const)("the one reminder on %s", (_store, storeOf) => {
  let db: Db
  beforeEach(async () => {
    db = openDb(await storeOf())
  })
  afterEach(() => db.close())

  it("goes a day after the first sign-up, in its language, with the same link as the confirmation", async () => {
    const draft = await signUp(db, SIGNED_UP)
    expect((await mailLaneAt(db, later(23.9))).sent).toEqual([])
    const [reminder] = (await mailLaneAt(db, later(24))).sent
    expect(reminder?.subject).toBe("Erinnerung: Bestätige deinen Platz auf der Storyling-Warteliste")
    expect(reminder?.text).toContain(`https://www.example.com/api/waitlist-confirm?token=${draft.confirmToken}&lang=de`)
  })

  it("is never queued twice, nor for a repeat sign-up, nor for someone who left and came back", async () => {
    await signUp(db, SIGNED_UP)
    await signUp(db, later(2))
    expect(await waitingReminders(db)).toHaveLength(1)
    const leaveToken = (JSON.parse((await waitingReminders(db))[0]?.payload ?? "{}") as ConfirmationDraft).leaveToken
    await leaveByLink(db, linkTokenKey(leaveToken), later(3))
    await signUp(db, later(30))
    expect(await waitingReminders(db)).toEqual([])
  })

  it("is dropped once the address is confirmed", async () => {
    const draft = await signUp(db, SIGNED_UP)
    await confirmAddress(db, linkTokenKey(draft.confirmToken), later(5), null)
    expect(await waitingReminders(db)).toEqual([])
    expect((await mailLaneAt(db, later(48))).sent).toEqual([])
  })

  it("is dropped when a newer sign-up mails a new link, and none comes for that link", async () => {
    await signUp(db, SIGNED_UP)
    // The server was down past the reminder's day; the visitor signs up again and gets a new link instead.
    await signUp(db, later(30))
    expect(await waitingReminders(db)).toEqual([])
  })

  it("is never queued while reminders are off, and one queued before is not sent once they are off", async () => {
    await signUp(db, SIGNED_UP, settingsWith("0"))
    expect(await waitingReminders(db)).toEqual([])
    const other = openDb(await storeOf())
    try {
      await signUp(other, SIGNED_UP)
      expect(await mailLaneAt(other, later(24), settingsWith("0"))).toEqual({ sent: [], givenUp: [REMINDERS_OFF] })
    } finally {
      await other.close()
    }
  })

  it("is not sent when the address was confirmed while it was being claimed", async () => {
    const draft = await signUp(db, SIGNED_UP)
    // Confirmed in a transaction that did not see the reminder (as on another instance): its own check stops it.
    await db.write((trx) =>
      trx
        .updateTable("waitlist_entries")
        .set({ confirmed_at: later(20).toISOString() })
        .where("confirm_token_hash", "=", linkTokenKey(draft.confirmToken))
        .execute(),
    )
    expect(await mailLaneAt(db, later(24))).toEqual({ sent: [], givenUp: [NO_LONGER_NEEDED] })
  })
})
