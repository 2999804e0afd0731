/**
 * A step's `after`: how long after a person's confirmation it is due,
 * written as a whole number and a unit (`2 days`, `1 week`, `36 hours`;
 * seconds and minutes too, for tests), at most a year.
 */

const DAY_MS = 24 * 60 * 60 * 1000
const UNIT_MS: Record<string, number> = {
  second: 1000,
  minute: 60 * 1000,
  hour: 60 * 60 * 1000,
  day: DAY_MS,
  week: 7 * DAY_MS,
}

/** The longest delay a step may have. */
export const MOST_DELAY_MS = 366 * DAY_MS

/** The words of a problem with an `after`, after "its after …". */
export const DELAY_FORM = "a whole number and seconds, minutes, hours, days or weeks, such as `2 days` or `1 week`"

/** A delay in milliseconds, or null when the text is no delay of that form (or longer than a year). */
export function parseDelay(text: string): number | null {
  const match = /^(\d{1,6}) (second|minute|hour|day|week)s?$/.exec(text.trim())
  if (!match) return null
  const ms = Number(match[1]) * (UNIT_MS[match[2] ?? ""] ?? 0)
  return ms <= MOST_DELAY_MS ? ms : null
}

/** A delay as the status writes it: `2 days`, `1 week`, `30 seconds`, in the largest unit that divides it. */
export function delayText(ms: number): string {
  const [unit, size] = Object.entries(UNIT_MS)
    .reverse()
    .find(([, unitMs]) => ms % unitMs === 0 && ms >= unitMs) ?? ["second", 1000]
  const n = Math.round(ms / size)
  return `${n} ${unit}${n === 1 ? "" : "s"}`
}
