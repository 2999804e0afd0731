/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import { monitorEventLoopDelay } from "perf_hooks"
import { sql } from "kysely"
import { recordFigures } from "../../../../test/support/reliability-figures"
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import { connect, openDb, type Db } from "../../db/db"
import { MAX_VISITORS_A_DAY } from "../daily-caps"
import type { VisitorRow } from "../visit-counts"
import { closeVisitDays, recordVisits } from "../visit-queries"

const stores = useThrowawayStores("visit-day-close-")

const YESTERDAY = "2026-11-26"
const TODAY = "2026-11-27"
/** A day as full as the caps let it be: every visitor under each dimension. */
const VISITORS = MAX_VISITORS_A_DAY

function fullDay(): VisitorRow[] {
  const rows: VisitorRow[] = []
  for (let i = 0; i < VISITORS; i += 1) {
    const visitor = i.toString(16).padStart(32, "0")
    rows.push({ day: YESTERDAY, dimension: "all", value: "", visitor })
    rows.push({ day: YESTERDAY, dimension: "page", value: `/p/${i % 500}`, visitor })
    rows.push({ day: YESTERDAY, dimension: "language", value: "en", visitor })
    rows.push({ day: YESTERDAY, dimension: "source", value: `s${i % 100}`, visitor })
  }
  return rows
}

/** The visitors counted of a day per dimension and value, as the table holds them. */
const visitorCountsOf = (db: Db, day: string) =>
  db.read((on) =>
    on.selectFrom("visit_visitor_counts").selectAll().where("day", "=", day).orderBy(["dimension", "value"]).execute(),
  )

const walBytes = (file: string) => (fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0)

describe.each(["sqlite", "postgres"] as const)("closing a full day of visits on %s", (kind) => {
  const figures = recordFigures("visit-day-close", kind === "sqlite" ? "SQLite" : "PostgreSQL")

  it(
    `deletes the day's ${VISITORS.toLocaleString("en")} visitors in slices, keeps their counts, and leaves a compact file`,
    async () => {
      const settings = await stores[kind]()
      const db = openDb(settings)
      try {
        const rows = fullDay()
        for (let at = 0; at < rows.length; at += 4000) await recordVisits(db, [], rows.slice(at, at + 4000))
        const counted = await visitorCountsOf(db, YESTERDAY)
        expect(Number(counted.find((row) => row.dimension === "all")?.visitors)).toBe(VISITORS)
        const sizeBefore = settings.kind === "sqlite" ? fs.statSync(settings.file).size : 0

        const delay = monitorEventLoopDelay({ resolution: 5 })
        delay.enable()
        const started = performance.now()
        await closeVisitDays(db, TODAY)
        const tookMs = performance.now() - started
        delay.disable()
        figures.measure({
          [`closing a day of ${VISITORS} visitors (ms)`]: Math.round(tookMs),
          "longest hold of the event loop while closing it (ms)": Math.round(delay.max / 1e6),
        })

        expect(await visitorCountsOf(db, YESTERDAY)).toEqual(counted)
        const left = await db.read((on) =>
          on
            .selectFrom("visit_visitors")
            .select((eb) => eb.fn.countAll<number | string>().as("rows"))
            .executeTakeFirstOrThrow(),
        )
        expect(Number(left.rows)).toBe(0)
        if (settings.kind === "sqlite") {
          await db.close()
          const raw = connect(settings)
          try {
            const free = await sql<{ freelist_count: number }>`PRAGMA freelist_count`.execute(raw.kysely)
            expect(free.rows).toEqual([{ freelist_count: 0 }])
          } finally {
            await raw.kysely.destroy()
          }
          expect(fs.statSync(settings.file).size).toBeLessThan(sizeBefore / 4)
          expect(walBytes(settings.file)).toBeLessThanOrEqual(4 * 1024 * 1024)
        }
      } finally {
        await db.close()
      }
    },
    5 * 60_000,
  )

  it(
    "closes a day of 300,000 visitor rows, as an older version could leave, a slice at a time through the key's index, and finishes",
    async () => {
      const settings = await stores[kind]()
      const db = openDb(settings)
      try {
        await db.ping()
        // 60,000 visitors of yesterday, each under five dimensions: what no cap bounded before. Written 5,000 at a time.
        for (let from = 0; from < 60_000; from += 5_000) {
          const to = from + 4_999
          const seed =
            kind === "sqlite"
              ? sql`WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${to})
                    INSERT INTO visit_visitors (day, dimension, value, visitor)
                    SELECT ${YESTERDAY}, d.dimension, d.value || (n.i % 50), printf('%032x', n.i)
                    FROM n, (SELECT 'all' AS dimension, '' AS value UNION ALL SELECT 'page', '/p/' UNION ALL SELECT 'language', 'l'
                             UNION ALL SELECT 'source', 's' UNION ALL SELECT 'contact', 'c') AS d`
              : sql`INSERT INTO visit_visitors (day, dimension, value, visitor)
                    SELECT ${YESTERDAY}, d.dimension, d.value || (n.i % 50), lpad(to_hex(n.i), 32, '0')
                    FROM generate_series(${from}::int, ${to}::int) AS n(i),
                         (VALUES ('all', ''), ('page', '/p/'), ('language', 'l'), ('source', 's'), ('contact', 'c')) AS d(dimension, value)`
          await db.write(async (trx) => void (await seed.execute(trx)))
        }
        await recordVisits(db, [], [{ day: TODAY, dimension: "all", value: "", visitor: "f".repeat(32) }])

        const delay = monitorEventLoopDelay({ resolution: 5 })
        delay.enable()
        const started = performance.now()
        await closeVisitDays(db, TODAY)
        const tookMs = performance.now() - started
        delay.disable()
        figures.measure({
          "closing a day of 300,000 visitor rows (ms)": Math.round(tookMs),
          "longest hold of the event loop while closing 300,000 rows (ms)": Math.round(delay.max / 1e6),
          // What the machine's other work makes of those two: the load average over the last minute, against its cores.
          "load average of the machine while closing 300,000 rows": Math.round(os.loadavg()[0] ?? 0),
        })
        const left = await db.read((on) =>
          on
            .selectFrom("visit_visitors")
            .select(["day", (eb) => eb.fn.countAll<number | string>().as("rows")])
            .groupBy("day")
            .execute(),
        )
        expect(left.map((row) => ({ day: row.day, rows: Number(row.rows) }))).toEqual([{ day: TODAY, rows: 1 }])
      } finally {
        await db.close()
      }
    },
    10 * 60_000,
  )
})
