import { Migrator } from "kysely"
import type { StoreSettings } from "../../src/server/settings"
import { connect } from "../../src/server/db/db"
import { waitlistMigrations } from "../../src/server/db/migrations"

/** Every migration of the waitlist's schema, by name: what a database of any earlier version records once it is opened by this one. */
export const EVERY_MIGRATION = [
  "0001-baseline",
  "0002-current-drafts-and-keys",
  "0003-repeats-discarded",
  "0004-caps-of-leavers",
  "0005-announcements-and-suppression",
  "0006-admin-and-consent",
  "0007-visit-counts",
  "0008-bounces-in-one-place",
  "0009-visitors-counted-as-they-come",
  "0010-store-clicks",
  "0011-referrals",
  "0012-mailbox-providers",
  "0013-sequences",
  "0015-bounded-and-secret-free",
  "0016-places-kept",
  "0017-days-within-their-caps",
  "0018-rewards-and-reasons",
  "0019-line-by-arrival",
  "0020-line-gaps",
]

/** The names of the migrations a database records as applied (Kysely's `kysely_migration` table), in order of name. */
export async function migrationsRecorded(settings: StoreSettings): Promise<string[]> {
  const dialect = connect(settings)
  try {
    const rows = await dialect.kysely
      .selectFrom("kysely_migration" as never)
      .select("name" as never)
      .execute()
    return rows.map((row) => (row as { name: string }).name).sort()
  } finally {
    await dialect.close()
  }
}

/** A store at the version a migration of that name left it, open: what a test of a later migration fills as it was. */
export async function migratedTo(settings: StoreSettings, name: string): Promise<ReturnType<typeof connect>> {
  const dialect = connect(settings)
  const migrator = new Migrator({
    db: dialect.kysely,
    provider: { getMigrations: async () => waitlistMigrations(dialect) },
  })
  const { error } = await migrator.migrateTo(name)
  if (error) throw error
  return dialect
}
