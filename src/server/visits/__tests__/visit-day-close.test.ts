/**
 * @jest-environment node
 */
import fs from "fs"
import { monitorEventLoopDelay } from "perf_hooks"
import { sql } from "kysely"
import { recordFigures } from "../../../../test/support/reliability-figures"
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import { connect, openDb } from "../../db/db"
import { MAX_VISITORS_A_DAY } from "../daily-caps"
import type { VisitorRow } from "../visit-counts"
import { closeVisitDays, recordVisits, visitorsBetween } from "../visit-queries"

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
        const counted = await visitorsBetween(db, YESTERDAY, YESTERDAY)
        expect(counted.find((row) => row.dimension === "all")?.visitors).toBe(VISITORS)
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

        expect(await visitorsBetween(db, YESTERDAY, YESTERDAY)).toEqual(counted)
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
})
