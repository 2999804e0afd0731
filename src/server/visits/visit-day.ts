/** The day of a time, in UTC, as `YYYY-MM-DD`: the day page views and visitors are counted under. */
export const dayOf = (time: Date): string => time.toISOString().slice(0, 10)

/** The day `days` days after (before, when negative) a day. */
export const addDays = (day: string, days: number): string =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000))
