/**
 * Days within their caps (issue 46): a day of `store_clicks` or
 * `visit_views` with more rows than the counters now keep (an older
 * version capped no combination of store clicks: a million rows a day
 * were possible) keeps its MAX_COMBINATIONS largest rows; the rest are
 * summed into one "(other)" row per store and platform, or per language,
 * as the counters count past their caps. Every total is kept; the
 * statistics then read a bounded number of rows whatever a day held.
 */
import { sql, type Kysely } from "kysely"
import type { Database } from "../schema"

/** The rows a day keeps: MAX_VIEW_COMBINATIONS of visits/daily-caps.ts, written here as this version knows it. */
export const MAX_COMBINATIONS = 2000
/** What a value past a cap counts as: OTHER of visits/traffic-source.ts. */
const OTHER = "(other)"

/** A table folded per day: its key, the part of it a rest keeps, and its count. */
type Folded = { table: string; key: string[]; kept: string[]; count: string }

const FOLDED: Folded[] = [
  {
    table: "store_clicks",
    key: ["store", "platform", "source", "medium", "campaign"],
    kept: ["store", "platform"],
    count: "clicks",
  },
  {
    table: "visit_views",
    key: ["page", "language", "referrer", "utm_source", "utm_medium", "utm_campaign"],
    kept: ["language"],
    count: "views",
  },
]

/**
 * The rows a statement of the fold reads or deletes: every statement stays
 * small (PostgreSQL's queries give up after 4 s; SQLite's parameters stop
 * at 32,766), however large the day.
 */
const SLICE = 2000

type Row = Record<string, string | number>

const list = (names: string[]) => sql.join(names.map((name) => sql.ref(name)))
const keyOf = (row: Row, key: string[]) => JSON.stringify(key.map((name) => row[name]))

/**
 * The next SLICE rows of `day` in the order of the table's key, after
 * `after`: a range of the whole key alone, day first, which both stores
 * read through the key's index (with `day = ?` beside it, SQLite scans the
 * day's every row for each slice); rows of later days are left out here.
 */
async function sliceAfter(db: Kysely<Database>, { table, key, count }: Folded, day: string, after: Row | null) {
  const from =
    after === null
      ? sql`day = ${day}`
      : sql`(day, ${list(key)}) > (${day}, ${sql.join(key.map((name) => after[name]))})`
  const rows = await sql<Row>`SELECT day, ${list(key)}, ${sql.ref(count)} AS n FROM ${sql.table(table)}
    WHERE ${from} ORDER BY day, ${list(key)} LIMIT ${SLICE}`.execute(db)
  return rows.rows.filter((row) => row.day === day)
}

/** Every slice of a day's rows, one after another. */
async function* slicesOf(db: Kysely<Database>, folded: Folded, day: string) {
  for (let after: Row | null = null; ;) {
    const rows = await sliceAfter(db, folded, day, after)
    if (rows.length === 0) return
    yield rows
    after = rows[rows.length - 1] ?? null
  }
}

/** The keys of a day's MAX_COMBINATIONS largest rows, "(other)" rows aside: what the fold keeps. */
async function keptOf(db: Kysely<Database>, folded: Folded, day: string): Promise<Set<string>> {
  const rest = folded.key.filter((name) => !folded.kept.includes(name))
  let top: Row[] = []
  for await (const rows of slicesOf(db, folded, day))
    top = [...top, ...rows.filter((row) => rest.some((name) => row[name] !== OTHER))]
      .sort((a, b) => Number(b.n) - Number(a.n))
      .slice(0, MAX_COMBINATIONS)
  return new Set(top.map((row) => keyOf(row, folded.key)))
}

/**
 * Folds one day of a table a slice at a time: deletes the slice's range of
 * the key (which both stores read through the key's index), writes back
 * what it keeps, and adds the sums of the rest to the day's "(other)" rows.
 */
async function foldDay(db: Kysely<Database>, folded: Folded, day: string) {
  const { table, key, kept, count } = folded
  const rest = key.filter((name) => !kept.includes(name))
  const keep = await keptOf(db, folded, day)
  const isKept = (row: Row) => keep.has(keyOf(row, key)) || rest.every((name) => row[name] === OTHER)
  const sums = new Map<string, { row: Row; n: number }>()
  const tuple = (row: Row) => sql`(${day}, ${sql.join(key.map((name) => row[name]))})`
  for await (const rows of slicesOf(db, folded, day)) {
    const past = rows.filter((row) => !isKept(row))
    const [first, last] = [rows[0], rows[rows.length - 1]]
    if (past.length === 0 || !first || !last) continue
    for (const row of past) {
      const group = keyOf(row, kept)
      const sum = sums.get(group) ?? { row, n: 0 }
      sum.n += Number(row.n)
      sums.set(group, sum)
    }
    await sql`DELETE FROM ${sql.table(table)}
      WHERE (day, ${list(key)}) >= ${tuple(first)} AND (day, ${list(key)}) <= ${tuple(last)}`.execute(db)
    const back = rows.filter(isKept)
    if (back.length > 0)
      await sql`INSERT INTO ${sql.table(table)} (day, ${list(key)}, ${sql.ref(count)})
        VALUES ${sql.join(back.map((row) => sql`(${day}, ${sql.join(key.map((name) => row[name]))}, ${Number(row.n)})`))}`.execute(
        db,
      )
  }
  for (const { row, n } of sums.values())
    await sql`INSERT INTO ${sql.table(table)} (day, ${list(kept)}, ${list(rest)}, ${sql.ref(count)})
      VALUES (${day}, ${sql.join(kept.map((name) => row[name]))}, ${sql.join(rest.map(() => OTHER))}, ${n})
      ON CONFLICT (day, ${list(key)}) DO UPDATE
      SET ${sql.ref(count)} = ${sql.table(table)}.${sql.ref(count)} + excluded.${sql.ref(count)}`.execute(db)
}

/** Folds every day of one table past MAX_COMBINATIONS rows; the days are found through the key's index. */
async function foldTable(db: Kysely<Database>, folded: Folded) {
  const days = await sql<{ day: string }>`SELECT day FROM ${sql.table(folded.table)} GROUP BY day
    HAVING COUNT(*) > ${MAX_COMBINATIONS}`.execute(db)
  for (const { day } of days.rows) await foldDay(db, folded, day)
}

export const daysWithinTheirCaps = {
  async up(db: Kysely<Database>) {
    for (const folded of FOLDED) await foldTable(db, folded)
  },
}
