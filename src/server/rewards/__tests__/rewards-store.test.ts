/**
 * @jest-environment node
 */
import path from "path"
import { USER_AGENTS } from "../../../../test/support/device-user-agents"
import { PROJECT_ROOT } from "../../../../test/support/project-root"
import { signUpAt, type SignedUp } from "../../../../test/support/referred-sign-ups"
import { quietLogger } from "../../../../test/support/test-logger"
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import { translate } from "../../../i18n/messages"
import { countBounce } from "../../bounces/suppressions"
import { openDb, type Db } from "../../db/db"
import { deliveriesIn } from "../../outbox/outbox-queries"
import { reasonsOf } from "../../referrals/referral-reasons"
import { decideHeld } from "../../referrals/referral-records"
import { readSettings, type StoreSettings } from "../../settings"
import { importCodes } from "../reward-codes"
import { runRewards, type RewardWork } from "../reward-job"
import { rewardMailKind, type RewardDraft } from "../reward-mail"
import { rewardsOfEntry } from "../reward-queries"
import { rewardsViewOf } from "../reward-view"

const stores = useThrowawayStores("rewards-")
const FILE = path.join(PROJECT_ROOT, "test", "fixtures", "rewards", "rewards.md")
const HOUR = 60 * 60 * 1000
const START = new Date("2026-12-01T09:00:00.000Z")
const mail = readSettings({ SITE_URL: "https://storyling.example.com", WAITLIST_NOTIFY_TO: "team@example.com" }).mail

const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000)
const work = (db: Db): RewardWork => ({
  db,
  rewards: { file: FILE, holdMs: 24 * HOUR },
  mail,
  log: quietLogger,
  queued: () => undefined,
})

/** A person confirmed at minute 0 (from a phone, or a desktop), and `friends` friends from other networks who confirm at minutes 10, 11, …. */
async function personWithFriends(
  db: Db,
  email: string,
  friends: number,
  { locale = "en", userAgent = USER_AGENTS.iPhoneSafari }: { locale?: string; userAgent?: string } = {},
): Promise<{ person: SignedUp; friends: SignedUp[] }> {
  const person = await signUpAt(db, email, at(0), { metadata: { locale, userAgent } })
  await person.confirm(at(0))
  const joined = []
  for (let n = 0; n < friends; n += 1) {
    const friend = await signUpAt(db, `${n}.${email.replace("@", "-at-")}@example.org`, at(5), {
      code: person.code,
      client: `198.51.${n}.7`,
    })
    await friend.confirm(at(10 + n))
    joined.push(friend)
  }
  return { person, friends: joined }
}

const rewardsOf = (db: Db, person: SignedUp) => db.read((on) => rewardsOfEntry(on, person.id))
const deliveries = async (db: Db, kind: string) =>
  (await deliveriesIn(db, ["pending"])).filter((delivery) => delivery.kind === kind)
const afterHold = (minutes = 0) => new Date(at(12).getTime() + 24 * HOUR + minutes * 60_000)

describe.each(["sqlite", "postgres"] as const)("rewards on %s", (kind) => {
  let db: Db
  let settings: StoreSettings
  beforeEach(async () => {
    settings = await stores[kind]()
    db = openDb(settings)
  })
  afterEach(async () => {
    await db.close()
  })

  it("awards the first tier once its three friends held for a day, with an iPhone code, in the person's language", async () => {
    await importCodes(db, { tier: "starter", store: "ios", codes: ["IOSCODE0001", "IOSCODE0002"] }, at(1))
    await importCodes(db, { tier: "starter", store: "android", codes: ["PLAYCODE00001"] }, at(1))
    const { person } = await personWithFriends(db, "ana@example.com", 3, { locale: "de" })
    await runRewards(work(db), afterHold(-1))
    expect(await rewardsOf(db, person)).toEqual([])
    await runRewards(work(db), afterHold(1))
    await runRewards(work(db), afterHold(2))
    expect(await rewardsOf(db, person)).toEqual([
      {
        tier: "starter",
        state: "paid",
        earnedAt: afterHold(1),
        paidAt: afterHold(1),
        platform: "ios",
        code: "IOSCODE0001",
      },
    ])
    const [delivery, ...more] = await deliveries(db, "reward")
    expect(more).toEqual([])
    const draft = JSON.parse(delivery?.payload ?? "{}") as RewardDraft
    expect(draft).toMatchObject({ lang: "de", code: { value: "IOSCODE0001", store: "ios" } })
    const loaded = await db.read((on) => rewardMailKind(db, mail).load(on as never, delivery as never, afterHold(2)))
    if (!("write" in loaded)) throw new Error("the reward's mail was given up")
    const written = loaded.write()
    if (!("mail" in written)) throw new Error("the reward's mail is no mail")
    expect(written.mail.subject).toBe(translate("de", "reward.subject", { title: "Ein Monat Storyling Premium" }))
    expect(written.mail.text).toContain(`${translate("de", "reward.codeIos")}: IOSCODE0001`)
    expect(written.mail.text).toContain("https://apps.apple.com/redeem?ctx=offercodes&id=")
    expect(written.mail.html).toContain("IOSCODE0001")
    expect(written.mail.to.address).toBe("ana@example.com")
    const view = await db.read((on) => rewardsViewOf(on, FILE, { id: person.id, lang: "de", credited: 3 }))
    expect(view).toMatchObject({
      earned: [{ title: "Ein Monat Storyling Premium", state: "yours", code: { value: "IOSCODE0001", store: "ios" } }],
      next: { title: "Eine Geschichte mit deinem Namen", more: 2 },
      askStore: false,
    })
    const earnedWith = await db.read((on) => on.selectFrom("waitlist_reward_referrals").select("referred_id").execute())
    expect(earnedWith).toHaveLength(3)
  })

  it("awards and pays a tier once when two instances run at the same time", async () => {
    await importCodes(
      db,
      { tier: "starter", store: "ios", codes: ["IOSCODE0001", "IOSCODE0002", "IOSCODE0003"] },
      at(1),
    )
    const { person } = await personWithFriends(db, "ana@example.com", 3)
    const other = openDb(settings)
    try {
      await Promise.all([runRewards(work(db), afterHold(1)), runRewards(work(other), afterHold(1))])
    } finally {
      await other.close()
    }
    expect((await rewardsOf(db, person)).map((reward) => [reward.tier, reward.state])).toEqual([["starter", "paid"]])
    expect(await deliveries(db, "reward")).toHaveLength(1)
    const given = await db.read((on) =>
      on.selectFrom("waitlist_reward_codes").select("code").where("given_at", "is not", null).execute(),
    )
    expect(given).toHaveLength(1)
  })

  it("holds an award as waiting when its store's pool is empty, tells the team once, and pays it once codes are imported", async () => {
    const { person } = await personWithFriends(db, "ana@example.com", 3)
    await runRewards(work(db), afterHold(1))
    await runRewards(work(db), afterHold(2))
    expect((await rewardsOf(db, person)).map((reward) => reward.state)).toEqual(["waiting"])
    const alerts = await deliveries(db, "reward-alert")
    expect(alerts.map((alert) => alert.recipient)).toEqual(["team@example.com"])
    const view = await db.read((on) => rewardsViewOf(on, FILE, { id: person.id, lang: "en", credited: 3 }))
    expect(view?.earned).toEqual([expect.objectContaining({ state: "on-its-way", code: null })])
    expect(await importCodes(db, { tier: "starter", store: "ios", codes: ["IOSCODE0009"] }, afterHold(3))).toEqual({
      added: 1,
      known: 0,
    })
    await runRewards(work(db), afterHold(4))
    expect(await rewardsOf(db, person)).toEqual([expect.objectContaining({ state: "paid", code: "IOSCODE0009" })])
    // Codes ran out again for someone else: the team is told again, once.
    const { person: ben } = await personWithFriends(db, "ben@example.com", 3)
    await runRewards(work(db), afterHold(5))
    await runRewards(work(db), afterHold(6))
    expect((await rewardsOf(db, ben)).map((reward) => reward.state)).toEqual(["waiting"])
    expect(await deliveries(db, "reward-alert")).toHaveLength(2)
  })

  it("asks a person who signed up on a desktop for their store, and pays once they chose it", async () => {
    await importCodes(db, { tier: "starter", store: "android", codes: ["PLAYCODE00001"] }, at(1))
    const { person } = await personWithFriends(db, "ana@example.com", 3, { userAgent: USER_AGENTS.windowsChrome })
    await runRewards(work(db), afterHold(1))
    expect(await db.read((on) => rewardsViewOf(on, FILE, { id: person.id, lang: "en", credited: 3 }))).toMatchObject({
      earned: [{ state: "choose-store" }],
      askStore: true,
    })
    expect(await deliveries(db, "reward-alert")).toEqual([])
    await db.write((trx) =>
      trx.updateTable("waitlist_entries").set({ code_platform: "android" }).where("id", "=", person.id).execute(),
    )
    await runRewards(work(db), afterHold(2))
    expect(await rewardsOf(db, person)).toEqual([
      expect.objectContaining({ state: "paid", platform: "android", code: "PLAYCODE00001" }),
    ])
  })

  it("withdraws the credit of a friend whose address hard-bounced and holds the unpaid reward until the team credits it again", async () => {
    const { person, friends } = await personWithFriends(db, "ana@example.com", 3)
    await runRewards(work(db), afterHold(1))
    expect((await rewardsOf(db, person)).map((reward) => reward.state)).toEqual(["waiting"])
    const friend = friends[1] as SignedUp
    const mailed = (await deliveries(db, "confirm")).find((delivery) => delivery.entryId === friend.id)
    await countBounce(db, mailed?.id ?? 0, "hard", "550 5.1.1 no such mailbox", afterHold(2))
    await importCodes(db, { tier: "starter", store: "ios", codes: ["IOSCODE0001"] }, afterHold(3))
    await runRewards(work(db), afterHold(4))
    expect((await rewardsOf(db, person)).map((reward) => reward.state)).toEqual(["held"])
    const [reason] = (await db.read((on) => reasonsOf(on, [friend.id]))).get(friend.id) ?? []
    expect(reason).toMatchObject({ name: "hard-bounce", evidence: { at: afterHold(2).toISOString() }, decision: null })
    await runRewards(work(db), afterHold(5))
    expect((await rewardsOf(db, person)).map((reward) => reward.state)).toEqual(["held"])
    expect(await db.write((trx) => decideHeld(db, trx, friend.id, "credited", afterHold(6)))).toBe(true)
    await runRewards(work(db), afterHold(7))
    await runRewards(work(db), afterHold(8))
    expect(await rewardsOf(db, person)).toEqual([expect.objectContaining({ state: "paid", code: "IOSCODE0001" })])
    // The decided reason holds the referral no more.
    const referral = await db.read((on) =>
      on.selectFrom("waitlist_referrals").select("state").where("referred_id", "=", friend.id).executeTakeFirst(),
    )
    expect(referral?.state).toBe("credited")
  })

  it("takes back an unpaid reward whose withdrawn credit the team refuses, and marks a paid one whose friend complained", async () => {
    await importCodes(db, { tier: "starter", store: "ios", codes: ["IOSCODE0001"] }, at(1))
    const ana = await personWithFriends(db, "ana@example.com", 3)
    await runRewards(work(db), afterHold(1))
    const complainer = ana.friends[0] as SignedUp
    const mailed = (await deliveries(db, "confirm")).find((delivery) => delivery.entryId === complainer.id)
    await countBounce(db, mailed?.id ?? 0, "complaint", "feedback-type abuse", afterHold(2))
    await runRewards(work(db), afterHold(3))
    const marked = await db.read((on) => on.selectFrom("waitlist_rewards").select(["state", "marked_at"]).execute())
    expect(marked.map((row) => [row.state, row.marked_at !== null])).toEqual([["paid", true]])

    const ben = await personWithFriends(db, "ben@example.com", 3)
    await runRewards(work(db), afterHold(4))
    const bounced = ben.friends[2] as SignedUp
    const benMail = (await deliveries(db, "confirm")).find((delivery) => delivery.entryId === bounced.id)
    await countBounce(db, benMail?.id ?? 0, "hard", "550 5.1.1", afterHold(5))
    await runRewards(work(db), afterHold(6))
    expect((await rewardsOf(db, ben.person)).map((reward) => reward.state)).toEqual(["held"])
    await db.write((trx) => decideHeld(db, trx, bounced.id, "refused", afterHold(7)))
    await runRewards(work(db), afterHold(8))
    expect(await rewardsOf(db, ben.person)).toEqual([])
  })
})
