/**
 * The counts of store clicks (see src/server/visits/store-clicks.ts): how
 * many times `/get` sent a browser to a store, per day, store, platform and
 * source (utm_source, else the referrer's host, else "(direct)" or
 * "(internal)"), medium and campaign. Counts only: no column for an
 * address, a User-Agent or a referrer. A table of its own, so it touches
 * none of the visits'.
 */
import type { CreateTableBuilder, Kysely } from "kysely"
import type { Database } from "../schema"
import type { Connection } from "../connection"

const DIMENSIONS = ["day", "store", "platform", "source", "medium", "campaign"] as const

export function storeClicks(dialect: Connection) {
  const { bigint } = dialect.columns
  return {
    async up(db: Kysely<Database>) {
      await DIMENSIONS.reduce<CreateTableBuilder<"store_clicks", string>>(
        (table, name) => table.addColumn(name, "text", (column) => column.notNull()),
        db.schema.createTable("store_clicks"),
      )
        .addColumn("clicks", bigint, (column) => column.notNull())
        .addPrimaryKeyConstraint("store_clicks_key", [...DIMENSIONS])
        .execute()
    },
  }
}
