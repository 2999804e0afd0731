/**
 * What the waitlist keeps of a person who left: a keyed hash of their
 * address and how many confirmation mails it was sent, so that leaving and
 * signing up again does not reset the caps (see mayGetConfirmation). The
 * hash's key is made here, once, and kept in the database: the table holds
 * no address, and no list of known addresses can be matched against it
 * without the key.
 */
import { randomBytes } from "crypto"
import { sql, type Kysely } from "kysely"
import type { Database } from "../schema"
import type { Connection } from "../connection"

export function capsOfLeavers(dialect: Connection) {
  const { time } = dialect.columns
  return {
    async up(db: Kysely<Database>) {
      await db.schema
        .createTable("waitlist_secrets")
        .addColumn("name", "text", (column) => column.primaryKey())
        .addColumn("value", "text", (column) => column.notNull())
        .execute()
      await sql`INSERT INTO waitlist_secrets (name, value) VALUES ('leaver_key', ${randomBytes(32).toString("base64url")})`.execute(
        db,
      )
      await db.schema
        .createTable("waitlist_leavers")
        .addColumn("address_hash", "text", (column) => column.primaryKey())
        .addColumn("confirm_mails_sent", "integer", (column) => column.notNull())
        .addColumn("last_confirm_mail_at", time)
        .addColumn("left_at", time, (column) => column.notNull())
        .execute()
    },
  }
}
