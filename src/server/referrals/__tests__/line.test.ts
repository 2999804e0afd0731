/**
 * @jest-environment node
 */
import fc from "fast-check"
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import { openDb, type Db, type Tx } from "../../db/db"
import { closeGaps, creditsChanged, departFromLine, GAPS_KEPT, joinLine, keepLineFor, keptLine } from "../line"
import { places } from "../line-rule"

const stores = useThrowawayStores("line-")
const BOOST = 3
/** More people than a departure moves in one slice of the line, two times over. */
const LONG_LINE = 5_000

/** What can happen to the line: someone confirms, a friend of someone in line confirms and is credited, a credit is withdrawn, someone leaves, the gaps left are closed up. */
type Change =
  | { kind: "confirm" }
  | { kind: "credit"; referrer: number; sameTime: boolean }
  | { kind: "withdraw"; which: number }
  | { kind: "leave"; who: number }
  | { kind: "close" }

const change: fc.Arbitrary<Change> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Change>({ kind: "confirm" }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant("credit" as const), referrer: fc.nat(), sameTime: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("withdraw" as const), which: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("leave" as const), who: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant<Change>({ kind: "close" }) },
)

/** Every row of the kept line, as it numbers them less its gaps, beside the same columns walked by the rule, by entry. */
async function keptAndWalked(db: Db, boost = BOOST) {
  return db.read(async (on) => {
    const columns = ["entry_id", "arrival", "credited", "line_key", "place"] as const
    const kept = await on.selectFrom(keptLine(on).as("k")).select(columns).orderBy("entry_id").execute()
    const walked = await on.selectFrom(places(on, boost).as("p")).select(columns).orderBy("entry_id").execute()
    const plain = (rows: typeof kept) => rows.map((row) => columns.map((column) => Number(row[column])))
    return { kept: plain(kept), walked: plain(walked) }
  })
}

/** A store with no one in it, for the next run. */
const emptied = (db: Db) =>
  db.write(async (trx) => {
    await trx.deleteFrom("waitlist_referrals").execute()
    await trx.deleteFrom("waitlist_line").execute()
    await trx.deleteFrom("waitlist_line_gaps").execute()
    await trx.deleteFrom("waitlist_entries").execute()
  })

/** The n-th person, who confirms at `at` and joins the line, as a confirmation does; their id. */
async function confirmed(db: Db, trx: Tx, n: number, at: string): Promise<number> {
  const [id, email] = [n, `p${n}@example.com`]
  await trx
    .insertInto("waitlist_entries")
    .values({ id, name: email, email, email_key: email, created_at: at, updated_at: at, confirmed_at: at })
    .execute()
  await joinLine(db, trx, id)
  return id
}

/** A friend's referral credited at `at`, its referrer moved as a credit moves it. */
async function credited(db: Db, trx: Tx, friend: number, referrer: number, at: string): Promise<void> {
  await trx
    .insertInto("waitlist_referrals")
    .values({ referred_id: friend, referrer_id: referrer, state: "credited", created_at: at, decided_at: at })
    .execute()
  await creditsChanged(db, trx, referrer)
}

/** Someone leaving, as a leave does: out of the line, then their row. */
const left = (db: Db, leaver: number) =>
  db.write(async (trx) => {
    await departFromLine(db, trx, leaver)
    await trx.deleteFrom("waitlist_entries").where("id", "=", leaver).execute()
  })

describe.each(["sqlite", "postgres"] as const)("the line kept on %s", (kind) => {
  let db: Db
  beforeAll(async () => {
    db = openDb(await stores[kind]())
    await keepLineFor(db, BOOST)
  })
  afterAll(() => db.close())

  it("keeps every place, arrival and key as the rule computes them through any confirmations, credits, withdrawn credits, departures and gaps closed", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 10, maxLength: 60 }), async (changes) => {
        await emptied(db)
        let minute = 0
        let made = 0
        const at = () => new Date(Date.UTC(2026, 11, 1, 9, minute)).toISOString()
        const inLine = async () =>
          (await db.read((on) => on.selectFrom("waitlist_line").select("entry_id").orderBy("entry_id").execute())).map(
            (row) => Number(row.entry_id),
          )
        const confirm = (trx: Tx) => confirmed(db, trx, (made += 1), at())
        for (const next of changes) {
          const line = await inLine()
          if (next.kind === "confirm" || line.length === 0) {
            minute += 1
            await db.write(confirm)
          } else if (next.kind === "credit") {
            // Credits at one time tie on their newest credit, which arrival then decides.
            if (!next.sameTime) minute += 1
            const referrer = line[next.referrer % line.length] as number
            await db.write(async (trx) => credited(db, trx, await confirm(trx), referrer, at()))
          } else if (next.kind === "withdraw") {
            const credits = await db.read((on) =>
              on
                .selectFrom("waitlist_referrals")
                .select(["referred_id", "referrer_id"])
                .where("state", "=", "credited")
                .orderBy("referred_id")
                .execute(),
            )
            const withdrawn = credits[next.which % Math.max(credits.length, 1)]
            if (withdrawn)
              await db.write(async (trx) => {
                await trx
                  .updateTable("waitlist_referrals")
                  .set({ state: "held" })
                  .where("referred_id", "=", withdrawn.referred_id)
                  .execute()
                await creditsChanged(db, trx, Number(withdrawn.referrer_id))
              })
          } else if (next.kind === "leave") {
            await left(db, line[next.who % line.length] as number)
          } else {
            await db.write(closeGaps)
          }
          const { kept, walked } = await keptAndWalked(db)
          expect(kept).toEqual(walked)
        }
      }),
      { numRuns: 40 },
    )
  }, 300_000)

  it("moves a credited entry past an earlier arrival whose key it meets once someone between them leaves", async () => {
    await emptied(db)
    const ids: number[] = []
    const time = (minute: number) => new Date(Date.UTC(2026, 11, 1, 9, minute)).toISOString()
    for (let n = 1; n <= 6; n += 1) ids.push(await db.write((trx) => confirmed(db, trx, n, time(n))))
    // The fifth arrival, credited once, meets the second's key (5 - 3 = 2) and stands ahead of it: a credit first among equals.
    await db.write((trx) => credited(db, trx, ids[5] as number, ids[4] as number, time(7)))
    const order = async () =>
      (await db.read((on) => on.selectFrom("waitlist_line").select("entry_id").orderBy("place").execute())).map(
        (row) => ids.indexOf(Number(row.entry_id)) + 1,
      )
    expect(await order()).toEqual([1, 5, 2, 3, 4, 6])
    await left(db, ids[2] as number)
    // The fifth arrives fourth now: key 1 meets the first's, and its credit puts it first.
    expect(await order()).toEqual([5, 1, 2, 4, 6])
    const { kept, walked } = await keptAndWalked(db)
    expect(kept).toEqual(walked)
  })

  /** A line of LONG_LINE people and 8 late arrivals, each credited by a friend and so standing ahead of people in every slice. */
  async function longLine() {
    await emptied(db)
    const time = (n: number) => new Date(Date.UTC(2026, 11, 1, 9, 0, n)).toISOString()
    await db.write(async (trx) => {
      for (let n = 1; n <= LONG_LINE; n += 1) await confirmed(db, trx, n, time(n))
      for (let n = 1; n <= 8; n += 1) {
        const friend = await confirmed(db, trx, LONG_LINE + n, time(LONG_LINE + n))
        await credited(db, trx, friend, LONG_LINE - n * 600, time(LONG_LINE + n))
      }
    })
  }

  it("keeps every place as the rule computes it when people leave a line longer than a departure's slice", async () => {
    await longLine()
    // The first in line, one at a slice's edge, a credited one, the last: each moves everyone behind.
    const leavers = [1, 2_001, LONG_LINE - 600, LONG_LINE + 8]
    for (const [gone, leaver] of leavers.entries()) {
      await left(db, leaver)
      const { kept, walked } = await keptAndWalked(db)
      expect(kept).toHaveLength(LONG_LINE + 8 - (gone + 1))
      expect(kept).toEqual(walked)
    }
  }, 120_000)

  it("closes the gaps of departures once there are GAPS_KEPT of them, every place still as the rule computes it", async () => {
    await longLine()
    const gaps = () => db.read((on) => on.selectFrom("waitlist_line_gaps").select("place").execute())
    // From the front, then every fourth: gaps at the first places, and gaps apart.
    const leavers = Array.from({ length: GAPS_KEPT }, (_, n) => (n < GAPS_KEPT / 2 ? n + 1 : 2 * n + 4))
    for (const leaver of leavers.slice(0, -1)) await left(db, leaver)
    expect(await gaps()).toHaveLength(GAPS_KEPT - 1)
    let { kept, walked } = await keptAndWalked(db)
    expect(kept).toEqual(walked)
    await left(db, leavers.at(-1) as number)
    expect(await gaps()).toEqual([])
    ;({ kept, walked } = await keptAndWalked(db))
    expect(kept).toHaveLength(LONG_LINE + 8 - GAPS_KEPT)
    expect(kept).toEqual(walked)
    // Stored as the rule numbers them, with no gap left: the first in line is at place 1.
    const first = await db.read((on) =>
      on.selectFrom("waitlist_line").select(["place", "arrival"]).orderBy("place").limit(1).executeTakeFirstOrThrow(),
    )
    expect(first).toEqual({ place: 1, arrival: 1 })
  }, 300_000)

  it("writes a line longer than a slice anew for another boost, every row as the rule computes it", async () => {
    await longLine()
    const otherBoost = BOOST + 700
    await keepLineFor(db, otherBoost)
    try {
      const { kept, walked } = await keptAndWalked(db, otherBoost)
      expect(kept).toHaveLength(LONG_LINE + 8)
      expect(kept).toEqual(walked)
      // Not the line of the boost before: credits move people 700 places ahead now, not 3.
      expect(kept).not.toEqual((await keptAndWalked(db, BOOST)).walked)
    } finally {
      await keepLineFor(db, BOOST)
    }
    const { kept, walked } = await keptAndWalked(db)
    expect(kept).toEqual(walked)
  }, 120_000)
})
