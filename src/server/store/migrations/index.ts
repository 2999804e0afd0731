/**
 * The waitlist's migrations, applied in the order of their names, each
 * once, by Kysely's Migrator (see migrate.ts), which records them in the
 * database's `kysely_migration` table. A change of the schema is a new
 * entry here with the next number; a migration already released is never
 * edited.
 */
import type { Kysely, Migration } from "kysely"
import type { Database } from "../database"
import type { StoreDialect } from "../dialect"
import { baseline } from "./0001-baseline"
import { currentDraftsAndKeys } from "./0002-current-drafts-and-keys"
import { repeatsDiscarded } from "./0003-repeats-discarded"
import { capsOfLeavers } from "./0004-caps-of-leavers"
import { visitCounts } from "./0007-visit-counts"

/** Every migration by name, for the dialect at hand. */
export function waitlistMigrations(dialect: StoreDialect): Record<string, Migration> {
  const on = (up: (db: Kysely<Database>) => Promise<unknown>): Migration => ({ up: (db) => up(db as Kysely<Database>).then(() => undefined) })
  return {
    "0001-baseline": on(baseline(dialect).up),
    "0002-current-drafts-and-keys": on(currentDraftsAndKeys.up),
    "0003-repeats-discarded": on(repeatsDiscarded.up),
    "0004-caps-of-leavers": on(capsOfLeavers(dialect).up),
    // 0005 and 0006 are taken by work under way on other branches.
    "0007-visit-counts": on(visitCounts(dialect).up),
  }
}
