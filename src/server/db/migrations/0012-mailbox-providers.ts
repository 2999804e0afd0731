/**
 * Health by mailbox provider (issue 41):
 *
 * - `waitlist_outbox.mailbox_provider`: the provider of a visitor mail's
 *   address (gmail, outlook, yahoo, icloud, other: see mailboxProviderOf),
 *   null for the team's mail and webhook events; filled here for every
 *   mail queued before, so the tables of deliveries, bounces and
 *   complaints by provider count them too.
 * - an index of the mails by the time they were sent, which the last 7
 *   days and the last 1,000 deliveries are read along, and one of the
 *   bounces by the time they came.
 */
import { sql, type Kysely } from "kysely"
import type { Database } from "../schema"

/** The domains of each provider as addresses end with them, as src/server/addresses/mailbox-provider.ts has them at this version. */
const ENDINGS: [provider: string, endings: string[]][] = [
  ["gmail", ["@gmail.com", "@googlemail.com"]],
  ["outlook", ["@msn.com", "@passport.com", "@hotmail.%", "@outlook.%", "@live.%", "@windowslive.%"]],
  ["yahoo", ["@ymail.com", "@rocketmail.com", "@aim.com", "@yahoo.%", "@aol.%"]],
  ["icloud", ["@icloud.com", "@me.com", "@mac.com"]],
]

export const mailboxProviders = {
  async up(db: Kysely<Database>) {
    await db.schema.alterTable("waitlist_outbox").addColumn("mailbox_provider", "text").execute()
    const cases = ENDINGS.map(
      ([provider, endings]) =>
        sql`WHEN ${sql.join(
          endings.map((ending) => sql`lower(recipient) LIKE ${`%${ending}`}`),
          sql` OR `,
        )} THEN ${provider}`,
    )
    await sql`UPDATE waitlist_outbox SET mailbox_provider = CASE ${sql.join(cases, sql` `)} ELSE 'other' END
      WHERE kind IN ('confirm', 'announcement')`.execute(db)
    await db.schema.createIndex("waitlist_outbox_sent").on("waitlist_outbox").column("sent_at").execute()
    await db.schema.createIndex("waitlist_bounces_received").on("waitlist_bounces").column("received_at").execute()
  },
}
