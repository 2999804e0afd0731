/**
 * The visitors of a day are counted as they come (see recordVisits), so
 * that reading a period reads counts and never the visitors' rows, and
 * closing a day only deletes them. The days not yet closed when this
 * version starts have rows and no counts: they are counted here, once, as
 * the close of a day counted them before.
 */
import { sql, type Kysely } from "kysely"
import type { Database } from "../schema"

export const visitorsCountedAsTheyCome = {
  async up(db: Kysely<Database>) {
    const perDimension = db
      .selectFrom("visit_visitors")
      .select(["day", "dimension", "value", (eb) => eb.fn.countAll<number>().as("visitors")])
      .groupBy(["day", "dimension", "value"])
    const contactPerSource = db
      .selectFrom("visit_visitors as s")
      .innerJoin("visit_visitors as c", (join) =>
        join
          .onRef("c.day", "=", "s.day")
          .on("c.dimension", "=", "contact")
          .on("c.value", "=", "")
          .onRef("c.visitor", "=", "s.visitor"),
      )
      .select([
        "s.day as day",
        sql<string>`'contact-source'`.as("dimension"),
        "s.value as value",
        (eb) => eb.fn.countAll<number>().as("visitors"),
      ])
      .where("s.dimension", "=", "source")
      .groupBy(["s.day", "s.value"])
    await db
      .insertInto("visit_visitor_counts")
      .columns(["day", "dimension", "value", "visitors"])
      .expression(perDimension.unionAll(contactPerSource))
      .onConflict((conflict) =>
        conflict
          .columns(["day", "dimension", "value"])
          .doUpdateSet({ visitors: sql`visit_visitor_counts.visitors + excluded.visitors` }),
      )
      .execute()
  },
}
