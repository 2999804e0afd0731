import { COMMAND_LINE } from "../../src/server/audit/audit-log"
import type { Db } from "../../src/server/db/db"
import {
  deliveriesIn,
  outboxDepth,
  releaseClaims,
  renewLeases,
  retryFailedDelivery,
} from "../../src/server/outbox/outbox-queries"
import { erasePerson } from "../../src/server/people/erasure"
import { CONFIRMATION_TTL_MS, NOTHING_TO_DELIVER, type DeliveryPlan } from "../../src/server/signup/confirmation-rules"
import { countEntries, listEntries } from "../../src/server/entries/entry-list"
import { linkTokenKey, newLinkToken } from "../../src/server/entries/link-tokens"
import { canLeave, confirmAddress, confirmationState, leaveByLink } from "../../src/server/signup/links"
import { forgetOldSubmissionCounts } from "../../src/server/rate-limits/client-rate-limit"
import { submitSignup, type NewWaitlistEntry, type Submission } from "../../src/server/signup/sign-up"
import { claim, claimed, markDone, markTriedAndFailed, messagesIn, writtenText } from "./outbox-access"

const DAY = 24 * 60 * 60 * 1000
const T0 = new Date("2026-03-01T10:00:00.000Z")
const at = (ms: number) => new Date(T0.getTime() + ms)

const ana: NewWaitlistEntry = { name: "Ana", email: "ana@example.com", message: "Hola", metadata: { locale: "es" } }

/** A plan as the API makes one, with fresh link tokens; the tokens are returned beside it. */
function plan(
  entry: NewWaitlistEntry,
  now: Date,
  webhook = false,
): { plan: DeliveryPlan; confirmToken: string; leaveToken: string } {
  const confirmToken = newLinkToken()
  const leaveToken = newLinkToken()
  return {
    confirmToken,
    leaveToken,
    plan: {
      notify: {
        kind: "notify",
        recipient: "team@example.com",
        payload: JSON.stringify({ kind: "team", messageId: "<team@example.com>", email: entry.email }),
        ofMessage: true,
      },
      webhook: webhook
        ? {
            kind: "webhook",
            recipient: "https://hooks.example/x",
            payload: JSON.stringify({ type: "waitlist.submitted" }),
          }
        : null,
      confirmation: {
        mail: { kind: "confirm", recipient: entry.email, payload: JSON.stringify({ token: confirmToken }) },
        tokenKey: linkTokenKey(confirmToken),
        leaveTokenKey: linkTokenKey(leaveToken),
        expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS),
      },
    },
  }
}

const submission = (entry: NewWaitlistEntry, now: Date, fields: Partial<Submission> = {}): Submission => ({
  entry,
  discard: false,
  rateLimit: null,
  plan: plan(entry, now).plan,
  now,
  ...fields,
})

/** A far-off time by which every delivery is due and every lease over. */
const LATER = at(400 * DAY)

const kinds = async (store: Db) =>
  (await deliveriesIn(store, ["pending"])).map((delivery) => `${delivery.kind} ${delivery.recipient}`).sort()

/**
 * The outbox, confirmation and rate limit every database must give the
 * same, run by each store's test file against a real one.
 */
export function describeOutboxBehaviour(openNew: () => Promise<{ store: Db; reopen: () => Db }>): void {
  it("queues the team's mail, the webhook event and the confirmation with the entry, and nothing for a bot", async () => {
    const { store } = await openNew()
    expect(await submitSignup(store, { ...submission(ana, T0), plan: plan(ana, T0, true).plan })).toEqual({
      accepted: true,
      takenAs: "new",
    })
    expect(await submitSignup(store, submission({ ...ana, email: "bot@example.com" }, T0, { discard: true }))).toEqual({
      accepted: true,
      takenAs: "bot",
    })
    expect(await submitSignup(store, submission({ ...ana, email: "ANA@example.com" }, at(1000)))).toEqual({
      accepted: true,
      takenAs: "repeat",
    })
    // The repeat's message is told to the team in a mail of its own; it queues no second confirmation.
    expect(await kinds(store)).toEqual([
      "confirm ana@example.com",
      "notify team@example.com",
      "notify team@example.com",
      "webhook https://hooks.example/x",
    ])
    expect(await countEntries(store)).toBe(1)
  })

  it("gives a claim back at once, due as it was, for any instance to take, but never a claim made again since", async () => {
    const { store, reopen } = await openNew()
    const other = reopen()
    try {
      await submitSignup(store, submission(ana, T0))
      const [first] = await claimed(store, at(1000), 60_000, 1)
      if (!first) throw new Error("nothing was claimed")
      expect((await claimed(other, at(2000), 60_000, 10)).map((delivery) => delivery.id)).not.toContain(first.id)
      await store.write((trx) => releaseClaims(trx, [first]))
      expect(await claimed(other, at(3000), 60_000, 10)).toEqual([
        expect.objectContaining({ id: first.id, attempts: 2 }),
      ])
      // The first claim's attempt is over: giving it back again leaves the other instance's claim alone.
      await store.write((trx) => releaseClaims(trx, [first]))
      expect(await claimed(store, at(4000), 60_000, 10)).toEqual([])
    } finally {
      await other.close()
    }
  })

  it("tells how many deliveries are pending, due or not, and when the oldest of them was queued", async () => {
    const { store } = await openNew()
    const none = { pending: 0, oldestPendingAt: null }
    expect(await outboxDepth(store)).toEqual({ ...none, paused: 0, lanes: { mail: none, webhook: none, bulk: none } })
    await submitSignup(store, submission(ana, T0))
    await submitSignup(store, submission({ ...ana, email: "bea@example.com" }, at(5000)))
    expect(await outboxDepth(store)).toEqual({
      pending: 4,
      oldestPendingAt: T0,
      paused: 0,
      lanes: { mail: { pending: 4, oldestPendingAt: T0 }, webhook: none, bulk: none },
    })
    for (const delivery of await claimed(store, at(6000), 60_000, 10)) {
      if (delivery.recipient === "team@example.com") await markDone(store, delivery.id, at(6000))
      else
        await markTriedAndFailed(
          store,
          delivery.id,
          "refused",
          delivery.createdAt.getTime() === T0.getTime() ? null : at(60_000),
        )
    }
    expect(await outboxDepth(store)).toEqual({
      pending: 1,
      oldestPendingAt: at(5000),
      paused: 0,
      lanes: { mail: { pending: 1, oldestPendingAt: at(5000) }, webhook: none, bulk: none },
    })
  })

  it("tells the team of each message of an address in a mail of its own, due at once, and no other delivery gets a message", async () => {
    const { store } = await openNew()
    await submitSignup(store, { ...submission(ana, T0), plan: plan(ana, T0, true).plan })
    const again = { ...ana, name: "Ana María", message: "Y en catalán", metadata: { locale: "ca" } }
    await submitSignup(store, submission(again, at(1000)))
    const teamMails = (await claim(store, at(1000), 60_000, 10)).filter(({ delivery }) => delivery.kind === "notify")
    expect(teamMails.map((mail) => messagesIn(writtenText(mail), ["Hola", "Y en catalán"]))).toEqual([
      ["Hola"],
      ["Y en catalán"],
    ])
    const [first, second] = teamMails.map(writtenText)
    expect(first).toContain("Name given: Ana\n")
    expect(second).toContain("Name given: Ana María\n")
    expect(second).toContain("Page language: ca")
    expect(second).not.toContain("Page language: es")
  })

  it("gathers only a burst: past 3 team mails of an address in a minute, its next messages join one mail that goes within the minute", async () => {
    const { store } = await openNew()
    const said = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]
    // The team mails due at `now`, each sent at once.
    const told = async (now: Date) => {
      const mails = (await claim(store, now, 60_000, 10)).filter(({ delivery }) => delivery.kind === "notify")
      for (const { delivery } of mails) await markDone(store, delivery.id, now)
      return mails.map((mail) => messagesIn(writtenText(mail), said))
    }
    const say = (message: string, time: Date) => submitSignup(store, submission({ ...ana, message }, time))
    for (const [i, message] of ["first", "second", "third"].entries()) {
      await say(message, at(i * 1000))
      expect(await told(at(i * 1000))).toEqual([[message]])
    }
    // The fourth within the minute starts a mail due a minute on, which the fifth joins.
    await say("fourth", at(10_000))
    await say("fifth", at(20_000))
    expect(await told(at(69_999))).toEqual([])
    expect(await told(at(70_000))).toEqual([["fourth", "fifth"]])
    // A minute after the burst began, a message has a mail of its own again.
    await say("sixth", at(75_000))
    expect(await told(at(75_000))).toEqual([["sixth"]])
  })

  it("gathers a burst's message into the last team mail while that one is not tried yet", async () => {
    const { store } = await openNew()
    const said = ["first", "second", "third", "fourth"]
    for (const [i, message] of said.entries()) await submitSignup(store, submission({ ...ana, message }, at(i * 1000)))
    const mails = (await claim(store, at(3000), 60_000, 10)).filter(({ delivery }) => delivery.kind === "notify")
    expect(mails.map((mail) => messagesIn(writtenText(mail), said))).toEqual([
      ["first"],
      ["second"],
      ["third", "fourth"],
    ])
  })

  it("sends one confirmation mail a day at most, three ever, and none once the address is confirmed", async () => {
    const { store } = await openNew()
    const confirmations = async () =>
      (await deliveriesIn(store, ["pending"])).filter((delivery) => delivery.kind === "confirm").length
    await submitSignup(store, submission(ana, T0))
    await submitSignup(store, submission(ana, at(DAY - 60_000)))
    expect(await confirmations()).toBe(1)
    await submitSignup(store, submission(ana, at(DAY)))
    await submitSignup(store, submission(ana, at(2 * DAY)))
    await submitSignup(store, submission(ana, at(3 * DAY)))
    await submitSignup(store, submission(ana, at(30 * DAY)))
    expect(await confirmations()).toBe(3)
    const bob = { ...ana, email: "bob@example.com" }
    const first = plan(bob, T0)
    await submitSignup(store, { ...submission(bob, T0), plan: first.plan })
    expect(await confirmAddress(store, linkTokenKey(first.confirmToken), at(1000), null)).toBe("confirmed")
    await submitSignup(store, submission(bob, at(2 * DAY)))
    expect(
      (await deliveriesIn(store, ["pending"])).filter((d) => d.kind === "confirm" && d.recipient === "bob@example.com"),
    ).toHaveLength(1)
    // Ana's 3 confirmations and Bob's 1, and a team mail for each of their 6 and 2 messages.
    expect(await deliveriesIn(store, ["pending"])).toHaveLength(3 + 1 + 6 + 2)
  })

  it("keeps an address's confirmation caps when it leaves or is deleted and signs up again", async () => {
    const { store } = await openNew()
    const confirmations = async () =>
      (await deliveriesIn(store, ["pending"])).filter((delivery) => delivery.kind === "confirm").length
    // Signs up at `time`, then leaves by the link of that sign-up's mail (or of the entry's first, when none was sent).
    let leaveToken = ""
    const signUpAndLeave = async (time: Date) => {
      const made = plan(ana, time)
      await submitSignup(store, { ...submission(ana, time), plan: made.plan })
      leaveToken ||= made.leaveToken
      const sent = await confirmations()
      expect(await leaveByLink(store, linkTokenKey(leaveToken))).toBe(true)
      leaveToken = ""
      return sent
    }
    expect(await signUpAndLeave(T0)).toBe(1)
    // At once again: the day between two confirmation mails still holds.
    await submitSignup(store, submission(ana, at(60_000)))
    expect(await confirmations()).toBe(0)
    expect((await listEntries(store))[0]?.email).toBe("ana@example.com")
    // A deletion request keeps the caps too.
    expect(await erasePerson(store, "ana@example.com", COMMAND_LINE, null, new Date())).toBe(1)
    expect(await signUpAndLeave(at(DAY))).toBe(1)
    expect(await signUpAndLeave(at(2 * DAY))).toBe(1)
    // Three mails were sent in all: never a fourth.
    await submitSignup(store, submission(ana, at(30 * DAY)))
    expect(await confirmations()).toBe(0)
  })

  it("confirms by an unexpired link only, once, queuing the event, and reads the link's state without changing it", async () => {
    const { store } = await openNew()
    const { plan: first, confirmToken } = plan(ana, T0)
    await submitSignup(store, { ...submission(ana, T0), plan: first })
    const hash = linkTokenKey(confirmToken)
    expect(await confirmationState(store, hash, at(1000))).toBe("pending")
    expect(await confirmationState(store, hash, at(1000))).toBe("pending")
    expect(await confirmationState(store, hash, at(CONFIRMATION_TTL_MS + 1000))).toBe("expired")
    expect(await confirmAddress(store, hash, at(CONFIRMATION_TTL_MS + 1000), null)).toBe("expired")
    expect((await listEntries(store))[0]?.confirmedAt).toBeNull()
    expect(await confirmationState(store, linkTokenKey(newLinkToken()), T0)).toBe("expired")
    const webhook = { url: "https://hooks.example/x", secret: "a secret of sixteen characters" }
    expect(await confirmAddress(store, hash, at(2000), webhook)).toBe("confirmed")
    expect(await confirmAddress(store, hash, at(3000), webhook)).toBe("confirmed")
    const events = (await deliveriesIn(store, ["pending"]))
      .filter((delivery) => delivery.kind === "webhook")
      .map((delivery) => JSON.parse(delivery.payload) as { type: string; data: { email: string } })
    expect(events.map((event) => [event.type, event.data.email])).toEqual([["waitlist.confirmed", "ana@example.com"]])
    expect((await listEntries(store))[0]?.confirmedAt).toEqual(at(2000))
    expect(await confirmationState(store, hash, at(CONFIRMATION_TTL_MS * 2))).toBe("confirmed")
  })

  it("takes an entry off by its leave link with its messages and pending mail, and so does remove", async () => {
    const { store } = await openNew()
    const { plan: anaPlan, leaveToken } = plan(ana, T0)
    await submitSignup(store, { ...submission(ana, T0), plan: anaPlan })
    await submitSignup(store, submission({ ...ana, email: "cy@example.com" }, T0))
    await submitSignup(store, submission({ ...ana, email: "di@example.com" }, T0))
    const hash = linkTokenKey(leaveToken)
    expect(await canLeave(store, hash)).toBe(true)
    expect(await leaveByLink(store, hash)).toBe(true)
    expect(await canLeave(store, hash)).toBe(false)
    expect(await leaveByLink(store, hash)).toBe(false)
    expect(await erasePerson(store, "CY@example.com", COMMAND_LINE, null, new Date())).toBe(1)
    expect((await listEntries(store)).map((entry) => entry.email)).toEqual(["di@example.com"])
    expect(await kinds(store)).toEqual(["confirm di@example.com", "notify team@example.com"])
  })

  it("claims a due delivery for one worker at a time, and again once its lease ran out", async () => {
    const { store, reopen } = await openNew()
    const other = reopen()
    try {
      for (let i = 0; i < 10; i++) await submitSignup(store, submission({ ...ana, email: `p${i}@example.com` }, T0))
      const [mine, theirs] = await Promise.all([
        claimed(store, at(1000), 60_000, 15),
        claimed(other, at(1000), 60_000, 15),
      ])
      const ids = [...(mine ?? []), ...(theirs ?? [])].map((delivery) => delivery.id)
      expect(ids).toHaveLength(20)
      expect(new Set(ids).size).toBe(20)
      expect(await claimed(store, at(30_000), 60_000, 50)).toEqual([])
      const again = await claimed(other, at(61_001), 60_000, 50)
      expect(again).toHaveLength(20)
      expect(again.every((delivery) => delivery.attempts === 2)).toBe(true)
    } finally {
      await other.close()
    }
  })

  it("renews the lease of a delivery still being tried, and only while no other claim took it over", async () => {
    const { store, reopen } = await openNew()
    const other = reopen()
    try {
      await submitSignup(store, submission(ana, T0))
      const [first, second] = await claimed(store, T0, 60_000, 10)
      if (!first || !second) throw new Error("expected two deliveries")
      await store.write((trx) => renewLeases(trx, [first, second], at(50_000), 60_000))
      expect(await claimed(other, at(61_000), 60_000, 10)).toEqual([])
      await markTriedAndFailed(store, second.id, "421 try later", at(100_000))
      await store.write((trx) => renewLeases(trx, [first, second], at(100_000), 60_000))
      // The renewal held the first until 160 s; the second, whose try was recorded, is due at 100 s and free.
      expect((await claimed(other, at(110_000), 60_000, 10)).map((delivery) => delivery.id)).toEqual([second.id])
      const [taken] = await claimed(other, at(160_001), 60_000, 10)
      expect(taken).toMatchObject({ id: first.id, attempts: 2 })
      // The first claim, its lease run out and taken over, renews nothing.
      await store.write((trx) => renewLeases(trx, [first], at(160_002), 600_000))
      const again = await claimed(store, at(220_002), 60_000, 10)
      expect(again.find((delivery) => delivery.id === first.id)).toMatchObject({ attempts: 3 })
    } finally {
      await other.close()
    }
  })

  it("records a try: sent (its payload emptied), retried later, failed for good, and put back in line on request", async () => {
    const { store } = await openNew()
    await submitSignup(store, submission(ana, T0))
    const [first, second] = await claimed(store, T0, 60_000, 10)
    if (!first || !second) throw new Error("expected two deliveries")
    await markDone(store, first.id, at(10))
    await markTriedAndFailed(store, second.id, "421 try later", at(30_000))
    expect(await deliveriesIn(store, ["sent"])).toEqual([
      expect.objectContaining({ id: first.id, payload: "{}", status: "sent" }),
    ])
    expect(await deliveriesIn(store, ["pending"])).toEqual([
      expect.objectContaining({ id: second.id, lastError: "421 try later", nextAttemptAt: at(30_000) }),
    ])
    expect(await claimed(store, at(29_000), 60_000, 10)).toEqual([])
    expect(await claimed(store, at(30_000), 60_000, 10)).toHaveLength(1)
    await markTriedAndFailed(store, second.id, "550 no such user", null)
    expect(await claimed(store, LATER, 60_000, 10)).toEqual([])
    expect(await deliveriesIn(store, ["failed"])).toEqual([
      expect.objectContaining({ id: second.id, status: "failed", lastError: "550 no such user" }),
    ])
    expect(await retryFailedDelivery(store, "999999", LATER)).toBe(false)
    expect(await retryFailedDelivery(store, "not an id", LATER)).toBe(false)
    expect(await retryFailedDelivery(store, String(second.id), LATER)).toBe(true)
    expect(await retryFailedDelivery(store, String(second.id), LATER)).toBe(false)
    expect(await claimed(store, LATER, 60_000, 10)).toEqual([expect.objectContaining({ id: second.id, attempts: 1 })])
  })

  it("limits each client in a sliding window, shared by every connection to the store, and tells when to come back", async () => {
    const { store, reopen } = await openNew()
    const other = reopen()
    try {
      const limited = (client: string, now: Date, email: string) =>
        submission({ ...ana, email }, now, {
          rateLimit: { client, limit: 2, windowMs: 60_000 },
          plan: NOTHING_TO_DELIVER,
        })
      expect(await submitSignup(store, limited("1.2.3.4", T0, "a@example.com"))).toMatchObject({ accepted: true })
      expect(await submitSignup(other, limited("1.2.3.4", at(10_000), "b@example.com"))).toMatchObject({
        accepted: true,
      })
      expect(await submitSignup(store, limited("1.2.3.4", at(20_000), "c@example.com"))).toEqual({
        accepted: false,
        retryAfterSeconds: 40,
      })
      expect(await submitSignup(other, limited("5.6.7.8", at(20_000), "c@example.com"))).toMatchObject({
        accepted: true,
      })
      expect(await submitSignup(store, limited("1.2.3.4", at(60_001), "d@example.com"))).toMatchObject({
        accepted: true,
      })
      expect((await listEntries(store)).map((entry) => entry.email).sort()).toEqual([
        "a@example.com",
        "b@example.com",
        "c@example.com",
        "d@example.com",
      ])
      await forgetOldSubmissionCounts(store, at(200_000))
      expect(await submitSignup(store, limited("1.2.3.4", at(200_001), "e@example.com"))).toMatchObject({
        accepted: true,
      })
    } finally {
      await other.close()
    }
  })
}
