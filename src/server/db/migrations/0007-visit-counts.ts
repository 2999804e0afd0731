/**
 * The counts of visits (see src/server/visits/): page views per day and
 * dimension, the visitors of past days per day and dimension, the salt of
 * each day visitors are hashed with, and the visitors of the days not yet
 * over, one keyed hash per visitor and dimension. No table has a column
 * for an address, a User-Agent or a whole referrer; the rows of visitors
 * are deleted when their day ends, and a salt two days after it was made.
 */
import type { CreateTableBuilder, Kysely } from "kysely"
import type { Database } from "../schema"
import type { Connection } from "../connection"

const DIMENSIONS_OF_VIEWS = ["day", "page", "language", "referrer", "utm_source", "utm_medium", "utm_campaign"] as const

export function visitCounts(dialect: Connection) {
  const { bigint } = dialect.columns
  return {
    async up(db: Kysely<Database>) {
      await db.schema
        .createTable("visit_salts")
        .addColumn("day", "text", (column) => column.primaryKey())
        .addColumn("salt", "text", (column) => column.notNull())
        .execute()
      await DIMENSIONS_OF_VIEWS.reduce<CreateTableBuilder<"visit_views", string>>(
        (table, name) => table.addColumn(name, "text", (column) => column.notNull()),
        db.schema.createTable("visit_views"),
      )
        .addColumn("views", bigint, (column) => column.notNull())
        .addPrimaryKeyConstraint("visit_views_key", [...DIMENSIONS_OF_VIEWS])
        .execute()
      await db.schema
        .createTable("visit_visitors")
        .addColumn("day", "text", (column) => column.notNull())
        .addColumn("dimension", "text", (column) => column.notNull())
        .addColumn("value", "text", (column) => column.notNull())
        .addColumn("visitor", "text", (column) => column.notNull())
        .addPrimaryKeyConstraint("visit_visitors_key", ["day", "dimension", "value", "visitor"])
        .execute()
      await db.schema
        .createTable("visit_visitor_counts")
        .addColumn("day", "text", (column) => column.notNull())
        .addColumn("dimension", "text", (column) => column.notNull())
        .addColumn("value", "text", (column) => column.notNull())
        .addColumn("visitors", bigint, (column) => column.notNull())
        .addPrimaryKeyConstraint("visit_visitor_counts_key", ["day", "dimension", "value"])
        .execute()
    },
  }
}
