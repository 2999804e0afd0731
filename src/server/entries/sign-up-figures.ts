/**
 * The sign-ups of a period as the admin's dashboard charts them: per day,
 * by language and by source (their first sign-up's), and the share
 * confirmed.
 */
import type { Db } from "../db/db"
import { storedTime } from "../db/schema"

const DAY_MS = 24 * 60 * 60 * 1000
/** The sources the dashboard lists, the largest first. */
const TOP_SOURCES = 20

/** How many a day, as the dashboard charts them. */
export type DayCount = { day: string; signUps: number; confirmations: number }

/** A count of entries by one value (a language, a source). */
export type CountBy<K extends string> = { [key in K]: string | null } & { entries: number }

/** What the dashboard shows of a period's sign-ups. */
export type SignUpFigures = {
  days: DayCount[]
  languages: CountBy<"lang">[]
  sources: CountBy<"referrerHost" | "utmSource" | "utmMedium" | "utmCampaign">[]
  /** Entries and confirmed entries: of all time, and of those who signed up in the period. */
  confirmed: { all: { entries: number; confirmed: number }; period: { entries: number; confirmed: number } }
}

/** The dashboard's figures for the `days` days up to `now`'s (UTC). */
export function signUpFigures(db: Db, days: number, now: Date): Promise<SignUpFigures> {
  return db.read(async (on) => {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY_MS)
    const since = storedTime(first)
    const perDay = async (column: "created_at" | "confirmed_at") =>
      new Map(
        (
          await on
            .selectFrom("waitlist_entries")
            .select([db.utcDay(column).as("day"), (eb) => eb.fn.countAll().as("n")])
            .where(column, ">=", since)
            .groupBy(db.utcDay(column))
            .execute()
        ).map((row) => [String(row.day), Number(row.n)]),
      )
    const signUps = await perDay("created_at")
    const confirmations = await perDay("confirmed_at")
    const dayList = Array.from({ length: days }, (_, i) =>
      new Date(first.getTime() + i * DAY_MS).toISOString().slice(0, 10),
    )
    const inPeriod = on.selectFrom("waitlist_entries").where("created_at", ">=", since)
    const languages = await inPeriod
      .select(["lang", (eb) => eb.fn.countAll().as("n")])
      .groupBy("lang")
      .orderBy("n", "desc")
      .orderBy("lang")
      .execute()
    const sources = await inPeriod
      .select(["referrer_host", "utm_source", "utm_medium", "utm_campaign", (eb) => eb.fn.countAll().as("n")])
      .groupBy(["referrer_host", "utm_source", "utm_medium", "utm_campaign"])
      .orderBy("n", "desc")
      .orderBy("referrer_host")
      .limit(TOP_SOURCES)
      .execute()
    const share = async (query: typeof inPeriod) => {
      const row = await query
        .select((eb) => [eb.fn.countAll().as("n"), eb.fn.count("confirmed_at").as("confirmed")])
        .executeTakeFirstOrThrow()
      return { entries: Number(row.n), confirmed: Number(row.confirmed) }
    }
    return {
      days: dayList.map((day) => ({ day, signUps: signUps.get(day) ?? 0, confirmations: confirmations.get(day) ?? 0 })),
      languages: languages.map((row) => ({ lang: row.lang, entries: Number(row.n) })),
      sources: sources.map((row) => ({
        referrerHost: row.referrer_host,
        utmSource: row.utm_source,
        utmMedium: row.utm_medium,
        utmCampaign: row.utm_campaign,
        entries: Number(row.n),
      })),
      confirmed: { all: await share(on.selectFrom("waitlist_entries")), period: await share(inPeriod) },
    }
  })
}
