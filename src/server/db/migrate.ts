import { Migrator } from "kysely"
import type { Connection } from "./connection"
import { waitlistMigrations } from "./migrations"

/**
 * Brings the database's schema up to date: every migration not yet
 * recorded, in order, in one transaction (under an advisory lock on
 * PostgreSQL; SQLite's write lock serializes processes sharing a file), so
 * two instances starting at once apply each migration once. Two
 * migrations were released out of order (0006 on a version without 0005),
 * so a database may have a later one without an earlier: the missing ones
 * are applied then, still in the order of their names, as long as none of
 * them needs what a later one made (0005 and 0006 touch different tables).
 * @throws the failing migration's error; nothing of the run is kept
 */
export async function migrateToLatest(dialect: Connection): Promise<void> {
  const migrator = new Migrator({
    db: dialect.kysely,
    provider: { getMigrations: async () => waitlistMigrations(dialect) },
    allowUnorderedMigrations: true,
  })
  const { error } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
}
