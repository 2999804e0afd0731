import { Migrator } from "kysely"
import type { Connection } from "./connection"
import { COMPACTED_AFTER, waitlistMigrations } from "./migrations"

/**
 * Applies every migration not yet recorded, in the order of their names,
 * in one transaction under a lock, so two instances starting at once apply
 * each once. A missing earlier one is applied too (0006 was released before
 * 0005; they touch different tables).
 * @throws the failing migration's error; nothing of the run is kept
 */
export async function migrateToLatest(dialect: Connection): Promise<void> {
  const migrator = new Migrator({
    db: dialect.kysely,
    provider: { getMigrations: async () => waitlistMigrations(dialect) },
    allowUnorderedMigrations: true,
  })
  const { error, results = [] } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  const applied = results.filter((result) => result.status === "Success").map((result) => result.migrationName)
  const compacted = applied.flatMap((name) => COMPACTED_AFTER[name] ?? [])
  if (compacted.length > 0) await dialect.compact(compacted)
}
