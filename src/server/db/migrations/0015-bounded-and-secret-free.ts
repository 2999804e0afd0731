/**
 * The fourth hardening pass (issue 46):
 *
 * - `waitlist_outbox`: no row keeps a URL's user or password any more. The
 *   webhook's URL may no longer carry them (WAITLIST_WEBHOOK_URL refuses
 *   them at start), and rows queued before, with their receiver's URL and
 *   their last error, are rewritten here without them.
 * - `waitlist_referral_networks`: the networks a referral came from, each
 *   a keyed hash (see networksOf): its client (an IPv4 address or an IPv6
 *   /64, what `waitlist_referrals.client_hash` held, moved here), its IPv4
 *   /24 or its IPv6 /56 and /48, so that a rule counts credits from one
 *   network at any of them.
 * - `store_click_clients`: what each client (a keyed hash of it and its
 *   day) was counted for in store clicks on a day not yet over, so that a
 *   client's cap survives a restart; forgotten once its day is over.
 * - `admin_accounts.invite_failed_tries`: the failed tries at taking an
 *   invitation (a refused password, a wrong code), which end it at the
 *   tenth.
 */
import { sql, type ColumnDataType, type Kysely } from "kysely"
import { withoutUserInfo } from "../../observability/without-user-info"
import type { Connection } from "../connection"
import type { Database } from "../schema"

/** Rewrites the outbox's rows whose receiver or last error names a URL with a user or password. */
async function outboxWithoutUserInfo(db: Kysely<Database>) {
  const rows = await db
    .selectFrom("waitlist_outbox")
    .select(["id", "recipient", "last_error"])
    .where((eb) => eb.or([eb("recipient", "like", "%//%@%"), eb("last_error", "like", "%//%@%")]))
    .execute()
  for (const row of rows)
    await db
      .updateTable("waitlist_outbox")
      .set({
        recipient: withoutUserInfo(row.recipient),
        last_error: row.last_error === null ? null : withoutUserInfo(row.last_error),
      })
      .where("id", "=", row.id)
      .execute()
}

/** The networks of each referral, the client of those recorded before moved from its column. */
async function referralNetworks(db: Kysely<Database>, bigint: ColumnDataType) {
  await db.schema
    .createTable("waitlist_referral_networks")
    .addColumn("referred_id", bigint, (column) =>
      column.notNull().references("waitlist_referrals.referred_id").onDelete("cascade"),
    )
    .addColumn("prefix", "text", (column) => column.notNull())
    .addColumn("network", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("waitlist_referral_networks_key", ["referred_id", "prefix"])
    .execute()
  await db.schema
    .createIndex("waitlist_referral_networks_by_network")
    .on("waitlist_referral_networks")
    .columns(["network", "referred_id"])
    .execute()
  await db
    .insertInto("waitlist_referral_networks")
    .columns(["referred_id", "prefix", "network"])
    .expression((eb) =>
      eb
        .selectFrom("waitlist_referrals" as never)
        .select(["referred_id" as never, sql.lit("client").as("prefix"), "client_hash" as never]),
    )
    .execute()
  await db.schema.alterTable("waitlist_referrals").dropColumn("client_hash").execute()
}

export function boundedAndSecretFree(dialect: Connection) {
  const { bigint } = dialect.columns
  return {
    async up(db: Kysely<Database>) {
      await outboxWithoutUserInfo(db)
      await referralNetworks(db, bigint)
      await db.schema
        .createTable("store_click_clients")
        .addColumn("day", "text", (column) => column.notNull())
        .addColumn("client", "text", (column) => column.notNull())
        .addColumn("clicks", bigint, (column) => column.notNull())
        .addPrimaryKeyConstraint("store_click_clients_key", ["day", "client"])
        .execute()
      await db.schema
        .alterTable("admin_accounts")
        .addColumn("invite_failed_tries", "integer", (column) => column.notNull().defaultTo(0))
        .execute()
    },
  }
}
