/**
 * The fourth hardening pass (issue 46):
 *
 * - `waitlist_outbox`: no row keeps a URL's user or password any more. The
 *   webhook's URL may no longer carry them (WAITLIST_WEBHOOK_URL refuses
 *   them at start), and rows queued before, with their receiver's URL and
 *   their last error, are rewritten here without them.
 */
import type { Kysely } from "kysely"
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

export function boundedAndSecretFree(_dialect: Connection) {
  return {
    async up(db: Kysely<Database>) {
      await outboxWithoutUserInfo(db)
    },
  }
}
