/**
 * Which version of a legal text applies on a day: one rule for the pages
 * the build makes, the server that switches them on the day, the consent
 * a sign-up records and `npm run legal -- status`.
 */

/** The day of a time in UTC, `YYYY-MM-DD`: a version takes effect at the start of its day in UTC. */
export const utcDay = (time: Date): string => time.toISOString().slice(0, 10)

/**
 * The index of the version in force on `day` among a text's versions,
 * oldest first (the archived ones by date, then the text in force): the
 * last that took effect on or before that day; the first when none has
 * yet (a text published ahead of its first date). -1 for no versions.
 * @param dates each version's effective date, `YYYY-MM-DD`
 */
export function indexInForce(dates: readonly string[], day: string): number {
  let found = dates.length > 0 ? 0 : -1
  dates.forEach((date, index) => {
    if (date <= day) found = index
  })
  return found
}
