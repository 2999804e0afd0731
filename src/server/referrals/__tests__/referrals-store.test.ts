/**
 * @jest-environment node
 */
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import { openDb, type Db } from "../../db/db"
import type { StoreSettings } from "../../settings"
import { signUpAt, type SignedUp } from "../../../../test/support/referred-sign-ups"
import { placeOf, referralTally } from "../referral-queries"
import type { MailServerAnswer } from "../../addresses/mail-servers"
import { reasonsOf, reasonText } from "../referral-reasons"
import { forgetOldNetworks } from "../referral-upkeep"
import { decideHeld } from "../referral-records"

const stores = useThrowawayStores("referrals-")
const DAY = 24 * 60 * 60 * 1000
const START = new Date("2026-12-01T09:00:00.000Z")
const BOOST = 5

type Person = SignedUp

/** A sign-up from a page, maybe through a personal link from a client; its confirmation to be pressed later. */
const signUp = (
  db: Db,
  email: string,
  at: Date,
  through?: { code: string | null; client?: string; mailServer?: MailServerAnswer },
) => signUpAt(db, email, at, through)

/** The reasons held against each referral, by the referred entry's id. */
const reasonNames = async (db: Db, ids: number[]) => {
  const found = await db.read((on) => reasonsOf(on, ids))
  return ids.map((id) => (found.get(id) ?? []).map((reason) => reason.name))
}

const stateOf = async (db: Db, referredId: number) =>
  (
    await db.read((on) =>
      on.selectFrom("waitlist_referrals").select("state").where("referred_id", "=", referredId).executeTakeFirst(),
    )
  )?.state

const minutes = (n: number) => new Date(START.getTime() + n * 60_000)
const placeOfPerson = (db: Db, person: Person) => db.read((on) => placeOf(on, person.id, BOOST))

/** 20 confirmed people, then Ana, 21st in line. */
async function lineWithAnaAt21(db: Db): Promise<Person> {
  for (let n = 1; n <= 20; n += 1) await (await signUp(db, `early${n}@example.com`, minutes(n))).confirm(minutes(n))
  const ana = await signUp(db, "ana.lima@gmail.com", minutes(30))
  await ana.confirm(minutes(30))
  return ana
}

describe.each(["sqlite", "postgres"] as const)("places and referrals on %s", (kind) => {
  let db: Db
  let settings: StoreSettings
  beforeEach(async () => {
    settings = await stores[kind]()
    db = openDb(settings)
  })
  afterEach(async () => {
    await db.close()
  })

  it("gives each confirmed person a place by when they confirmed and a personal code, and none before", async () => {
    const ben = await signUp(db, "ben@example.com", minutes(1))
    const cleo = await signUp(db, "cleo@example.com", minutes(2))
    expect(await placeOfPerson(db, ben)).toBeNull()
    await cleo.confirm(minutes(3))
    await ben.confirm(minutes(4))
    expect([await placeOfPerson(db, cleo), await placeOfPerson(db, ben)]).toEqual([1, 2])
    expect(cleo.code).toMatch(/^[A-Za-z\d]{8}$/)
    expect(ben.code).not.toBe(cleo.code)
  })

  it("moves a referrer 5 places ahead for each friend who confirms: 21, 16, 11, 6", async () => {
    const ana = await lineWithAnaAt21(db)
    expect(await placeOfPerson(db, ana)).toBe(21)
    const seen = []
    for (const [n, client] of ["198.51.100.1", "198.51.100.2", "198.51.100.3"].entries()) {
      const friend = await signUp(db, `friend${n}@example.org`, minutes(40 + n), { code: ana.code, client })
      await friend.confirm(minutes(50 + n))
      seen.push(await placeOfPerson(db, ana))
      // The friend is last in line: credited referrals move their referrer only.
      expect(await placeOfPerson(db, friend)).toBe(22 + n)
    }
    expect(seen).toEqual([16, 11, 6])
    expect(await db.read((on) => referralTally(on, ana.id))).toEqual({ credited: 3, pending: 0 })
  })

  it("never moves anyone ahead of place 1", async () => {
    const first = await signUp(db, "first@example.com", minutes(1))
    await first.confirm(minutes(1))
    const second = await signUp(db, "second@example.com", minutes(2))
    await second.confirm(minutes(2))
    const friend = await signUp(db, "friend@example.org", minutes(3), { code: second.code })
    await friend.confirm(minutes(4))
    expect([await placeOfPerson(db, second), await placeOfPerson(db, first)]).toEqual([1, 2])
  })

  it("credits nobody for a friend who never confirms, and holds the referrer's own mailbox in another spelling and a throwaway domain with their reasons", async () => {
    const ana = await lineWithAnaAt21(db)
    await signUp(db, "never@example.org", minutes(40), { code: ana.code })
    const held = []
    for (const [n, email] of [
      "Ana.Lima+friends@gmail.com",
      "a.n.a.l.i.m.a@googlemail.com",
      "throwaway@mailinator.com",
    ].entries()) {
      const friend = await signUp(db, email, minutes(41 + n), { code: ana.code })
      await friend.confirm(minutes(50 + n))
      held.push(friend.id)
    }
    expect(await placeOfPerson(db, ana)).toBe(21)
    expect(await db.read((on) => referralTally(on, ana.id))).toEqual({ credited: 0, pending: 4 })
    expect(await reasonNames(db, held)).toEqual([["own-mailbox"], ["own-mailbox"], ["throwaway-domain"]])
    expect(await stateOf(db, held[2] ?? 0)).toBe("held")
  })

  it("holds for review a fourth credit from one client within 24 hours, which an owner may then credit", async () => {
    const ana = await lineWithAnaAt21(db)
    const friends = []
    for (let n = 0; n < 4; n += 1)
      friends.push(await signUp(db, `ring${n}@example.org`, minutes(40 + n), { code: ana.code, client: "192.0.2.9" }))
    for (const [n, friend] of friends.entries()) await friend.confirm(minutes(50 + n))
    expect(await placeOfPerson(db, ana)).toBe(6)
    expect(await db.read((on) => referralTally(on, ana.id))).toEqual({ credited: 3, pending: 1 })
    // A day after the third credit, the same client counts again.
    const later = await signUp(db, "later@example.org", minutes(60), { code: ana.code, client: "192.0.2.9" })
    await later.confirm(new Date(minutes(53).getTime() + DAY))
    expect(await placeOfPerson(db, ana)).toBe(1)
    const held = friends[3] as Person
    expect(await db.write((trx) => decideHeld(trx, held.id, "credited", minutes(2000)))).toBe(true)
    expect(await db.write((trx) => decideHeld(trx, held.id, "refused", minutes(2001)))).toBe(false)
    expect(await db.read((on) => referralTally(on, ana.id))).toEqual({ credited: 5, pending: 0 })
  })

  it("holds a fourth credit from another address of the same IPv4 /24, showing the /24 and the times of the three before it; a decision sticks", async () => {
    const ana = await lineWithAnaAt21(db)
    const friends = []
    for (let n = 0; n < 4; n += 1)
      friends.push(
        await signUp(db, `lan${n}@example.org`, minutes(40 + n), { code: ana.code, client: `198.51.100.${10 + n}` }),
      )
    for (const [n, friend] of friends.entries()) await friend.confirm(minutes(50 + n))
    const fourth = friends[3] as Person
    expect(await stateOf(db, fourth.id)).toBe("held")
    const [burst] = (await db.read((on) => reasonsOf(on, [fourth.id]))).get(fourth.id) ?? []
    expect(burst).toMatchObject({
      name: "network-burst",
      evidence: { credits: [50, 51, 52].map((n) => minutes(n).toISOString()) },
      decision: null,
    })
    const network = await db.read((on) =>
      on.selectFrom("waitlist_referrals").select("network").where("referred_id", "=", fourth.id).executeTakeFirst(),
    )
    expect(network?.network).toBe("198.51.100.0/24")
    expect(reasonText(burst ?? { name: "network-burst", evidence: {} }, "198.51.100.0/24")).toBe(
      "More than 3 credits for this referrer within 24 hours from 198.51.100.0/24: 3 before this one, at 2026-12-01 09:50 UTC, 2026-12-01 09:51 UTC, 2026-12-01 09:52 UTC.",
    )
    expect(await db.write((trx) => decideHeld(trx, fourth.id, "credited", minutes(60)))).toBe(true)
    expect(await stateOf(db, fourth.id)).toBe("credited")
    expect((await db.read((on) => reasonsOf(on, [fourth.id]))).get(fourth.id)?.[0]).toMatchObject({
      decision: "credited",
      decidedAt: minutes(60),
    })
  })

  it("records a friend whose domain has no mail server, and holds them if they ever confirm; a failed lookup is no reason", async () => {
    const ana = await lineWithAnaAt21(db)
    const none = await signUp(db, "eve@parked.example", minutes(40), { code: ana.code, mailServer: "none" })
    const unknown = await signUp(db, "finn@slow.example", minutes(41), { code: ana.code, mailServer: "unknown" })
    await none.confirm(minutes(42))
    await unknown.confirm(minutes(43))
    expect(await reasonNames(db, [none.id, unknown.id])).toEqual([["no-mail-server"], []])
    expect([await stateOf(db, none.id), await stateOf(db, unknown.id)]).toEqual(["held", "credited"])
  })

  it("holds the new referrals of a referrer whose friends mostly never confirm: 5 sign-ups 48 hours old, 4 unconfirmed", async () => {
    const ana = await lineWithAnaAt21(db)
    for (let n = 0; n < 5; n += 1) {
      const friend = await signUp(db, `ghost${n}@example.org`, minutes(40 + n), {
        code: ana.code,
        client: `192.0.2.${n}`,
      })
      if (n === 0) await friend.confirm(minutes(50))
    }
    const early = await signUp(db, "early-new@example.org", minutes(60), { code: ana.code, client: "203.0.113.50" })
    const late = await signUp(db, "late-new@example.org", new Date(minutes(45).getTime() + 2 * DAY), {
      code: ana.code,
      client: "203.0.113.51",
    })
    expect(await reasonNames(db, [early.id, late.id])).toEqual([[], ["mostly-unconfirmed"]])
    const [reason] = (await db.read((on) => reasonsOf(on, [late.id]))).get(late.id) ?? []
    expect(reason?.evidence).toEqual({ history: { signedUp: 5, unconfirmed: 4 } })
  })

  it("forgets the networks of referrals 30 days after the sign-up", async () => {
    const ana = await lineWithAnaAt21(db)
    const friend = await signUp(db, "friend@example.org", minutes(40), {
      code: ana.code,
      client: "2001:db8:12:3456::9",
    })
    const kept = () =>
      db.read(async (on) => ({
        network: (
          await on
            .selectFrom("waitlist_referrals")
            .select("network")
            .where("referred_id", "=", friend.id)
            .executeTakeFirst()
        )?.network,
        hashes: (
          await on
            .selectFrom("waitlist_referral_networks")
            .select("prefix")
            .where("referred_id", "=", friend.id)
            .execute()
        ).length,
      }))
    await forgetOldNetworks(db, new Date(minutes(39).getTime() + 30 * DAY))
    expect(await kept()).toEqual({ network: "2001:db8:12::/48", hashes: 3 })
    await forgetOldNetworks(db, new Date(minutes(41).getTime() + 30 * DAY))
    expect(await kept()).toEqual({ network: null, hashes: 0 })
  })

  it.each([
    ["five /64s of one IPv6 /48", (n: number) => `2001:db8:12:${n + 1}00::7`],
    ["five /64s of one IPv6 /56", (n: number) => `2001:db8:12:3${n + 1}::7`],
  ])("holds for review a fourth and fifth credit from %s within 24 hours", async (_networks, addressOf) => {
    const ana = await lineWithAnaAt21(db)
    const friends = []
    for (let n = 0; n < 5; n += 1)
      friends.push(await signUp(db, `net${n}@example.org`, minutes(40 + n), { code: ana.code, client: addressOf(n) }))
    for (const [n, friend] of friends.entries()) await friend.confirm(minutes(50 + n))
    expect(await placeOfPerson(db, ana)).toBe(6)
    expect(await db.read((on) => referralTally(on, ana.id))).toEqual({ credited: 3, pending: 2 })
  })

  it("credits nobody for the referrer's own mailbox under another provider's alias or sub-address, and says so", async () => {
    for (const [referrer, own] of [
      ["john@icloud.com", ["john@me.com", "john@mac.com"]],
      ["john.doe@proton.me", ["johndoe@protonmail.com", "john_doe@pm.me"]],
      ["bob@fastmail.com", ["anything@bob.fastmail.com"]],
      ["ivan.petrov@yandex.ru", ["ivan-petrov@ya.ru"]],
      ["john@outlook.com", ["john+deals@outlook.com"]],
      ["jane@yahoo.com", ["jane-shopping@yahoo.com"]],
    ] as const) {
      const person = await signUp(db, referrer, minutes(1))
      await person.confirm(minutes(1))
      const friends = []
      for (const [n, email] of own.entries()) {
        const friend = await signUp(db, email, minutes(2 + n), { code: person.code })
        await friend.confirm(minutes(5 + n))
        friends.push(friend.id)
      }
      expect(await db.read((on) => referralTally(on, person.id))).toEqual({ credited: 0, pending: own.length })
      expect(await reasonNames(db, friends)).toEqual(own.map(() => ["own-mailbox"]))
    }
  })

  it("keeps the first link a person came through: signing up again through another changes nothing", async () => {
    const ana = await lineWithAnaAt21(db)
    const ben = await signUp(db, "ben@example.com", minutes(31))
    await ben.confirm(minutes(31))
    const friend = await signUp(db, "friend@example.org", minutes(40), { code: ana.code })
    await signUp(db, "friend@example.org", minutes(41), { code: ben.code })
    await friend.confirm(minutes(42))
    expect(await db.read((on) => referralTally(on, ana.id))).toEqual({ credited: 1, pending: 0 })
    expect(await db.read((on) => referralTally(on, ben.id))).toEqual({ credited: 0, pending: 0 })
  })

  it("credits a referral once when two instances confirm it at the same time", async () => {
    const ana = await lineWithAnaAt21(db)
    const friend = await signUp(db, "friend@example.org", minutes(40), { code: ana.code })
    const other = openDb(settings)
    try {
      await Promise.all([db, other].map((instance) => friend.confirm(minutes(50), instance)))
    } finally {
      await other.close()
    }
    expect(await db.read((on) => referralTally(on, ana.id))).toEqual({ credited: 1, pending: 0 })
    expect(await placeOfPerson(db, ana)).toBe(16)
  })
})
