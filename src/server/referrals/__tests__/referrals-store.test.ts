/**
 * @jest-environment node
 */
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import { openDb, type Db } from "../../db/db"
import type { StoreSettings } from "../../settings"
import { signUpAt, type SignedUp } from "../../../../test/support/referred-sign-ups"
import { referralTally } from "../referral-queries"
import type { MailServerAnswer } from "../../addresses/mail-servers"
import { reasonsOf, reasonText } from "../referral-reasons"
import { forgetOldNetworks, withdrawCredits } from "../referral-upkeep"
import { countBounce } from "../../bounces/suppressions"
import { deliveriesIn } from "../../outbox/outbox-queries"
import { decideHeld } from "../referral-records"
import { keepLineFor, placeOf } from "../line"
import { leaderboard } from "../referral-admin"
import { listEntries } from "../../entries/entry-list"
import { places } from "../line-rule"
import { eraseRecords } from "../../people/people-queries"
import { COMMAND_LINE } from "../../audit/audit-log"

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

/** Every confirmed person's place as the line kept gives it, and as the rule computes it walking the whole line. */
async function keptAndWalked(db: Db, boost = BOOST) {
  const walked = await db.read((on) =>
    on.selectFrom(places(on, boost).as("p")).select(["p.entry_id", "p.place"]).orderBy("p.entry_id").execute(),
  )
  const kept = []
  for (const { entry_id } of walked) kept.push(await db.read((on) => placeOf(on, entry_id, boost)))
  return { kept, walked: walked.map((row) => Number(row.place)) }
}

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
    await keepLineFor(db, BOOST)
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
    expect(await db.write((trx) => decideHeld(db, trx, held.id, "credited", minutes(2000)))).toBe(true)
    expect(await db.write((trx) => decideHeld(db, trx, held.id, "refused", minutes(2001)))).toBe(false)
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
    expect(await db.write((trx) => decideHeld(db, trx, fourth.id, "credited", minutes(60)))).toBe(true)
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

  it("moves everyone behind up when someone ahead leaves or is erased, and a referrer back when a credited friend leaves", async () => {
    const ana = await lineWithAnaAt21(db)
    const friend = await signUp(db, "friend@example.org", minutes(40), { code: ana.code })
    await friend.confirm(minutes(41))
    expect(await placeOfPerson(db, ana)).toBe(16)
    // Fewer people between the 15th and Ana: she is 5 places ahead of her new arrival, ahead of whoever holds it.
    const eighteenth = await db.read((on) =>
      on
        .selectFrom("waitlist_entries")
        .select("id")
        .where("email", "=", "early18@example.com")
        .executeTakeFirstOrThrow(),
    )
    expect(await db.read((on) => placeOf(on, eighteenth.id, BOOST))).toBe(19)
    await eraseRecords(db, "early18@example.com", COMMAND_LINE, null, minutes(42))
    expect(await db.read((on) => placeOf(on, eighteenth.id, BOOST))).toBeNull()
    expect(await placeOfPerson(db, ana)).toBe(15)
    await eraseRecords(db, "early2@example.com", COMMAND_LINE, null, minutes(43))
    expect(await placeOfPerson(db, ana)).toBe(14)
    expect(await placeOfPerson(db, friend)).toBe(20)
    // The team's leaderboard numbers the line alike, a page of it at a time, past the places the two left.
    const page = await leaderboard(db, BOOST, 2, 5)
    expect(page.items.map(({ place, email, credited }) => ({ place, email, credited }))).toEqual(
      [6, 7, 8, 9, 10].map((place) => ({ place, email: `early${place + 1}@example.com`, credited: 0 })),
    )
    // So does the list of every entry (the exports), read at once.
    const listed = (await listEntries(db, BOOST)).filter((entry) => entry.place !== null)
    expect(listed.map((entry) => entry.place).sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 20 }, (_, n) => n + 1),
    )
    expect(listed.find((entry) => entry.email === "ana.lima@gmail.com")?.place).toBe(14)
    expect(listed.find((entry) => entry.email === "early7@example.com")?.place).toBe(6)
    expect((await leaderboard(db, BOOST, 3, 5)).items.map(({ place, email }) => ({ place, email }))).toEqual([
      ...[11, 12, 13].map((place) => ({ place, email: `early${place + 1}@example.com` })),
      { place: 14, email: "ana.lima@gmail.com" },
      { place: 15, email: "early15@example.com" },
    ])
    await friend.leave(minutes(44))
    expect(await placeOfPerson(db, ana)).toBe(19)
    expect(await db.read((on) => referralTally(on, ana.id))).toEqual({ credited: 0, pending: 0 })
  })

  it("moves a referrer back when a credited friend's address hard-bounces, and ahead again once the team credits it", async () => {
    const ana = await lineWithAnaAt21(db)
    const friend = await signUp(db, "friend@example.org", minutes(40), { code: ana.code })
    await friend.confirm(minutes(41))
    expect(await placeOfPerson(db, ana)).toBe(16)
    const mailed = (await deliveriesIn(db, ["pending"])).find(
      (delivery) => delivery.kind === "confirm" && delivery.entryId === friend.id,
    )
    await countBounce(db, mailed?.id ?? 0, "hard", "550 5.1.1 no such mailbox", minutes(50))
    expect(await withdrawCredits(db, minutes(51))).toEqual([friend.id])
    expect(await placeOfPerson(db, ana)).toBe(21)
    const withdrawn = await keptAndWalked(db)
    expect(withdrawn.kept).toEqual(withdrawn.walked)
    expect(await db.write((trx) => decideHeld(db, trx, friend.id, "credited", minutes(52)))).toBe(true)
    expect(await placeOfPerson(db, ana)).toBe(16)
    const credited = await keptAndWalked(db)
    expect(credited.kept).toEqual(credited.walked)
  })

  it("keeps every place as the rule computes it through confirmations, credits, ties, held credits, leaves and erasures", async () => {
    const people: Person[] = []
    for (let n = 1; n <= 30; n += 1) {
      const person = await signUp(db, `p${n}@example.com`, minutes(n))
      await person.confirm(minutes(n))
      people.push(person)
    }
    const expectKeptAsWalked = async () => {
      const { kept, walked } = await keptAndWalked(db)
      expect(kept).toEqual(walked)
    }
    let at = 100
    const refer = async (referrer: Person, client: string) => {
      at += 1
      const friend = await signUp(db, `friend${at}@example.org`, minutes(at), { code: referrer.code, client })
      await friend.confirm(minutes(at))
      people.push(friend)
      await expectKeptAsWalked()
      return friend
    }
    const [p3, p12, p17, p22, p29] = [2, 11, 16, 21, 28].map((n) => people[n]) as Person[] as [
      Person,
      Person,
      Person,
      Person,
      Person,
    ]
    // p22 and p17 land on one key (12): the newest credit stands first; p29 past place 1, its friends from six networks.
    await refer(p17, "198.51.100.1")
    await refer(p22, "198.51.100.2")
    await refer(p22, "198.51.100.3")
    for (let n = 0; n < 6; n += 1) await refer(p29 as Person, `203.0.${113 + n}.1`)
    expect(await placeOfPerson(db, p29 as Person)).toBe(1)
    // Four friends of p12 from one client: the fourth is held, then credited by an owner.
    const ring = []
    for (let n = 0; n < 4; n += 1) ring.push(await refer(p12 as Person, "192.0.2.9"))
    const held = ring[3] as Person
    expect(await db.write((trx) => decideHeld(db, trx, held.id, "credited", minutes(at + 1)))).toBe(true)
    await expectKeptAsWalked()
    await (people[5] as Person).leave(minutes(at + 2))
    await expectKeptAsWalked()
    await eraseRecords(db, "p20@example.com", COMMAND_LINE, null, minutes(at + 3))
    await expectKeptAsWalked()
    await (ring[0] as Person).leave(minutes(at + 4))
    await expectKeptAsWalked()
    await p3.leave(minutes(at + 5))
    await expectKeptAsWalked()
    await refer(people[0] as Person, "198.51.100.9")
    // Another boost at start writes the line anew for it.
    await keepLineFor(db, 3)
    const { kept, walked } = await keptAndWalked(db, 3)
    expect(kept).toEqual(walked)
  }, 60_000)
})
