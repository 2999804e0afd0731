/**
 * The sequences: mails to confirmed people, timed from their confirmation
 * (see src/server/sequences/):
 *
 * - `waitlist_entries.sequence_due_at`: when the sequence's job next looks
 *   at a confirmed entry (a step comes due, or its day's mail allows the
 *   next); null once no step is left for it. Indexed, so each run reads
 *   only the entries due, never the whole list. Set when an entry is
 *   confirmed, and for every confirmed entry when the steps change.
 * - `waitlist_sequence_steps`: the steps as the job last read them from the
 *   folder (name and delay), so that every instance sees when an editor
 *   added or retimed one, and the job looks at everyone again once.
 * - `waitlist_sequence_mails`: what was decided for each person and step:
 *   queued (with its outbox delivery and language) or skipped (and why).
 *   Keyed by the pair, so a step is decided once per person however many
 *   instances run the job; it goes with the entry.
 *
 * Entries confirmed before this migration are looked at on the job's first
 * run, as the steps are new then.
 */
import type { Kysely } from "kysely"
import type { Database } from "../schema"
import type { Connection } from "../connection"

export function sequences(dialect: Connection) {
  const { time, bigint } = dialect.columns
  return {
    async up(db: Kysely<Database>) {
      await db.schema.alterTable("waitlist_entries").addColumn("sequence_due_at", time).execute()
      await db.schema
        .createIndex("waitlist_entries_sequence_due")
        .on("waitlist_entries")
        .column("sequence_due_at")
        .execute()
      await db.schema
        .createTable("waitlist_sequence_steps")
        .addColumn("name", "text", (column) => column.primaryKey())
        .addColumn("after_ms", bigint, (column) => column.notNull())
        .addColumn("seen_at", time, (column) => column.notNull())
        .execute()
      await db.schema
        .createTable("waitlist_sequence_mails")
        .addColumn("entry_id", bigint, (column) =>
          column.notNull().references("waitlist_entries.id").onDelete("cascade"),
        )
        .addColumn("step", "text", (column) => column.notNull())
        .addColumn("state", "text", (column) => column.notNull())
        .addColumn("reason", "text")
        .addColumn("lang", "text")
        .addColumn("delivery_id", bigint)
        .addColumn("decided_at", time, (column) => column.notNull())
        .addPrimaryKeyConstraint("waitlist_sequence_mails_key", ["entry_id", "step"])
        .execute()
      await db.schema
        .createIndex("waitlist_sequence_mails_by_step")
        .on("waitlist_sequence_mails")
        .columns(["step", "state"])
        .execute()
    },
  }
}
