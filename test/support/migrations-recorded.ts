import type { StoreSettings } from "../../src/server/settings"
import { openStoreDialect } from "../../src/server/store/dialect"

/** The names of the migrations a database records as applied (Kysely's `kysely_migration` table), in order of name. */
export async function migrationsRecorded(settings: StoreSettings): Promise<string[]> {
  const dialect = openStoreDialect(settings)
  try {
    const rows = await dialect.db.selectFrom("kysely_migration" as never).select("name" as never).execute()
    return rows.map((row) => (row as { name: string }).name).sort()
  } finally {
    await dialect.close()
  }
}
