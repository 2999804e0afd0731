/**
 * @jest-environment node
 */
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import { openDb, type Db } from "../../db/db"
import type { StoreSettings } from "../../settings"
import { CONFIRMATION_TTL_MS, NOTHING_TO_DELIVER } from "../../signup/confirmation-rules"
import { linkTokenKey, newLinkToken } from "../../entries/link-tokens"
import { confirmAddress } from "../../signup/links"
import { submitSignup } from "../../signup/sign-up"
import { decideHeld, placeOf, referralTally } from "../referral-queries"
import { clientAt } from "../../http/client-address"

const stores = useThrowawayStores("referrals-")
const DAY = 24 * 60 * 60 * 1000
const START = new Date("2026-12-01T09:00:00.000Z")
const BOOST = 5

type Person = { id: number; code: string | null; confirm: (at: Date, db?: Db) => Promise<unknown> }

/** A sign-up from a page, maybe through a personal link from a client; its confirmation to be pressed later. */
async function signUp(
  db: Db,
  email: string,
  at: Date,
  through?: { code: string | null; client?: string },
): Promise<Person> {
  const token = newLinkToken(at.getTime())
  const confirmation = {
    mail: { kind: "confirm" as const, recipient: email, payload: "{}" },
    tokenKey: linkTokenKey(token),
    leaveTokenKey: linkTokenKey(newLinkToken()),
    expiresAt: new Date(at.getTime() + CONFIRMATION_TTL_MS),
  }
  const entry = { name: email.split("@")[0] ?? "", email, message: "", metadata: { locale: "en" } }
  const cameThrough = through?.code ? { code: through.code, client: clientAt(through.client ?? "203.0.113.7") } : null
  await submitSignup(db, {
    entry,
    discard: false,
    rateLimit: null,
    plan: { ...NOTHING_TO_DELIVER, confirmation },
    now: at,
    cameThrough,
  })
  const row = await db.read((on) =>
    on.selectFrom("waitlist_entries").select("id").where("email", "=", email).executeTakeFirstOrThrow(),
  )
  const person: Person = {
    id: row.id,
    code: null,
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

  it("credits nobody for a friend who never confirms, the referrer's own mailbox in another spelling, or a throwaway domain", async () => {
    const ana = await lineWithAnaAt21(db)
    await signUp(db, "never@example.org", minutes(40), { code: ana.code })
    for (const [n, email] of [
      "Ana.Lima+friends@gmail.com",
      "a.n.a.l.i.m.a@googlemail.com",
      "throwaway@mailinator.com",
    ].entries()) {
      await (await signUp(db, email, minutes(41 + n), { code: ana.code })).confirm(minutes(50 + n))
    }
    expect(await placeOfPerson(db, ana)).toBe(21)
    expect(await db.read((on) => referralTally(on, ana.id))).toEqual({ credited: 0, pending: 1 })
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

  it("credits nobody for the referrer's own mailbox under another provider's alias or sub-address", async () => {
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
      for (const [n, email] of own.entries())
        await (await signUp(db, email, minutes(2 + n), { code: person.code })).confirm(minutes(5 + n))
      expect(await db.read((on) => referralTally(on, person.id))).toEqual({ credited: 0, pending: 0 })
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
