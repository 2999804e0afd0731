/**
 * Rewards worth sharing for, and referrals held with their reasons (issue 43):
 *
 * - `waitlist_referrals.network`: the network a referral's sign-up came
 *   from, as its IPv4 /24 or IPv6 /48 (never the address), which the
 *   review queue shows as evidence; forgotten 30 days after the sign-up.
 * - `waitlist_referral_reasons`: why a referral was not credited, one row
 *   per reason (see ReasonName), with its evidence as JSON, and the team's
 *   decision once made: a reason decided once never holds its referral
 *   again.
 * - `waitlist_entries.code_platform`: the store a person chose on their
 *   place page for their codes, when their sign-up did not tell.
 * - `waitlist_rewards`: a tier earned, once per person and tier (its
 *   unique key, so two instances award it once), where it stands (waiting,
 *   paid, held), the store of its code and when it was paid or marked;
 *   `waitlist_reward_referrals`: the referrals that earned it.
 * - `waitlist_reward_codes`: the stores' codes imported per tier and
 *   store, each given once (`given_at` stays when its reward is erased).
 * - `waitlist_reward_alerts`: the team told once that a tier's codes ran
 *   out for a store, until codes are imported for it.
 * - `waitlist_announcement_waves.rewarded`: the tier a send was narrowed to.
 */
import type { Kysely } from "kysely"
import type { Database } from "../schema"
import type { Connection } from "../connection"

export function rewardsAndReasons(dialect: Connection) {
  const { time, bigint, id, autoIncrement } = dialect.columns
  return {
    async up(db: Kysely<Database>) {
      await db.schema.alterTable("waitlist_referrals").addColumn("network", "text").execute()
      await db.schema.alterTable("waitlist_entries").addColumn("code_platform", "text").execute()
      await db.schema.alterTable("waitlist_announcement_waves").addColumn("rewarded", "text").execute()
      await db.schema
        .createTable("waitlist_referral_reasons")
        .addColumn("referred_id", bigint, (column) =>
          column.notNull().references("waitlist_referrals.referred_id").onDelete("cascade"),
        )
        .addColumn("reason", "text", (column) => column.notNull())
        .addColumn("evidence", "text")
        .addColumn("found_at", time, (column) => column.notNull())
        .addColumn("decision", "text")
        .addColumn("decided_at", time)
        .addPrimaryKeyConstraint("waitlist_referral_reasons_key", ["referred_id", "reason"])
        .execute()
      await db.schema
        .createTable("waitlist_rewards")
        .addColumn("id", id, (column) => (autoIncrement ? column.primaryKey().autoIncrement() : column.primaryKey()))
        .addColumn("entry_id", bigint, (column) =>
          column.notNull().references("waitlist_entries.id").onDelete("cascade"),
        )
        .addColumn("tier", "text", (column) => column.notNull())
        .addColumn("state", "text", (column) => column.notNull())
        .addColumn("earned_at", time, (column) => column.notNull())
        .addColumn("platform", "text")
        .addColumn("paid_at", time)
        .addColumn("marked_at", time)
        .addUniqueConstraint("waitlist_rewards_once", ["entry_id", "tier"])
        .execute()
      await db.schema
        .createIndex("waitlist_rewards_by_state")
        .on("waitlist_rewards")
        .columns(["state", "tier"])
        .execute()
      await db.schema
        .createTable("waitlist_reward_referrals")
        .addColumn("reward_id", bigint, (column) =>
          column.notNull().references("waitlist_rewards.id").onDelete("cascade"),
        )
        .addColumn("referred_id", bigint, (column) =>
          column.notNull().references("waitlist_referrals.referred_id").onDelete("cascade"),
        )
        .addPrimaryKeyConstraint("waitlist_reward_referrals_key", ["reward_id", "referred_id"])
        .execute()
      await db.schema
        .createIndex("waitlist_reward_referrals_by_referral")
        .on("waitlist_reward_referrals")
        .column("referred_id")
        .execute()
      await db.schema
        .createTable("waitlist_reward_codes")
        .addColumn("id", id, (column) => (autoIncrement ? column.primaryKey().autoIncrement() : column.primaryKey()))
        .addColumn("tier", "text", (column) => column.notNull())
        .addColumn("platform", "text", (column) => column.notNull())
        .addColumn("code", "text", (column) => column.notNull())
        .addColumn("imported_at", time, (column) => column.notNull())
        .addColumn("reward_id", bigint, (column) =>
          column.unique().references("waitlist_rewards.id").onDelete("set null"),
        )
        .addColumn("given_at", time)
        .addUniqueConstraint("waitlist_reward_codes_once", ["platform", "code"])
        .execute()
      await db.schema
        .createIndex("waitlist_reward_codes_pool")
        .on("waitlist_reward_codes")
        .columns(["tier", "platform", "given_at"])
        .execute()
      await db.schema
        .createTable("waitlist_reward_alerts")
        .addColumn("tier", "text", (column) => column.notNull())
        .addColumn("platform", "text", (column) => column.notNull())
        .addColumn("alerted_at", time, (column) => column.notNull())
        .addPrimaryKeyConstraint("waitlist_reward_alerts_key", ["tier", "platform"])
        .execute()
    },
  }
}
