/**
 * Paying rewards: a tier without codes is paid with its mail; a tier with
 * codes takes one code of the person's store from the pool, each code
 * given once, and mails it. A person whose store is unknown waits until
 * they choose it on their place page; an empty pool holds the reward as
 * waiting and tells the team once (see alertOnce) until codes arrive.
 */
import { isLanguageCode, DEFAULT_LANGUAGE } from "../../i18n/languages"
import { platformOf } from "../../waitlist/wave"
import type { Db, On, Tx } from "../db/db"
import { storedTime } from "../db/schema"
import { addLeaveTokens } from "../entries/leave-tokens"
import { newestMetadataOf } from "../entries/newest-metadata"
import { queueDelivery } from "../outbox/outbox-queries"
import type { MailSettings } from "../settings"
import { alertOnce } from "./reward-alert"
import { rewardDelivery, type GivenCode } from "./reward-mail"
import { isStore, type Store } from "./reward-queries"
import { tierNamed, type RewardTiers } from "./reward-tiers"

/** The store a person's codes are for: the one they chose on their place page, else their newest sign-up's phone; null for a desktop. */
export async function storeOf(on: On, entry: { id: number; code_platform: string | null }): Promise<Store | null> {
  if (isStore(entry.code_platform)) return entry.code_platform
  const platform = platformOf(await newestMetadataOf(on, entry.id))
  return isStore(platform) ? platform : null
}

/** Takes one unused code of a tier and store for a reward, never one another instance took; null when none is left. */
async function takeCode(db: Db, trx: Tx, rewardId: number, tier: string, store: Store, now: Date) {
  const taken = await trx
    .updateTable("waitlist_reward_codes")
    .set({ reward_id: rewardId, given_at: storedTime(now) })
    .where("id", "=", (eb) =>
      db.skipLocked(
        eb
          .selectFrom("waitlist_reward_codes")
          .select("id")
          .where("tier", "=", tier)
          .where("platform", "=", store)
          .where("given_at", "is", null)
          .orderBy("id")
          .limit(1),
      ),
    )
    .where("given_at", "is", null)
    .returning("code")
    .executeTakeFirst()
  return taken?.code ?? null
}

/** What paying a reward came to: paid, waiting for the person's store, or for codes (the team told once). */
export type Payment = "paid" | "no-store" | "no-code" | "gone"

/** Pays one waiting reward, in one transaction under the reward's lock, so two instances pay it once. */
async function payReward(
  db: Db,
  tiers: RewardTiers,
  mail: MailSettings,
  rewardId: number,
  now: Date,
): Promise<Payment> {
  return db.write(async (trx) => {
    const reward = await db
      .forUpdate(
        trx
          .selectFrom("waitlist_rewards as w")
          .innerJoin("waitlist_entries as e", "e.id", "w.entry_id")
          .select(["w.id", "w.tier", "w.state", "e.id as entry_id", "e.name", "e.email", "e.lang", "e.code_platform"])
          .where("w.id", "=", rewardId),
      )
      .executeTakeFirst()
    const tier = reward && tierNamed(tiers, reward.tier)
    if (!reward || !tier || reward.state !== "waiting") return "gone"
    const lang = isLanguageCode(reward.lang) ? reward.lang : DEFAULT_LANGUAGE
    const words = tiers.words[lang][tier.name]
    if (!words) return "gone"
    let code: GivenCode | null = null
    if (tier.codes) {
      const store = await storeOf(trx, { id: reward.entry_id, code_platform: reward.code_platform })
      if (!store) return "no-store"
      const value = await takeCode(db, trx, reward.id, tier.name, store, now)
      if (value === null) {
        await alertOnce(trx, mail, { tier: tier.name, store, entryId: reward.entry_id }, now)
        return "no-code"
      }
      code = { value, store }
    }
    await trx
      .updateTable("waitlist_rewards")
      .set({ state: "paid", paid_at: storedTime(now), platform: code?.store ?? null })
      .where("id", "=", reward.id)
      .execute()
    const { delivery, leaveTokenKey } = rewardDelivery(mail.siteUrl, reward, lang, words, code)
    await addLeaveTokens(trx, [{ entryId: reward.entry_id, key: leaveTokenKey }])
    await queueDelivery(trx, reward.entry_id, delivery, now)
    return "paid"
  })
}

/**
 * Pays the waiting rewards (of one person, or of everyone, a page at a
 * time), each in a transaction of its own.
 * @returns what became of each, by reward id
 */
export async function payWaitingRewards(
  db: Db,
  tiers: RewardTiers,
  mail: MailSettings,
  now: Date,
  entryId: number | null = null,
): Promise<Map<number, Payment>> {
  const paid = new Map<number, Payment>()
  if (tiers.problems.length > 0) return paid
  const waiting = await db.read((on) =>
    on
      .selectFrom("waitlist_rewards")
      .select("id")
      .where("state", "=", "waiting")
      .$if(entryId !== null, (query) => query.where("entry_id", "=", entryId ?? 0))
      .orderBy("id")
      .limit(1000)
      .execute(),
  )
  for (const { id } of waiting) paid.set(Number(id), await payReward(db, tiers, mail, Number(id), now))
  return paid
}
