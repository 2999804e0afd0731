/**
 * When a person gets each step of the sequences, as one pure rule: every
 * step once, timed from their confirmation; never more than one sequence
 * mail in a day, so a step added later, or a server that was down for a
 * week, sends the next step due and not a burst of them; a step more than
 * a week overdue is skipped for them, and so is every step that comes due
 * while their address is suppressed.
 */
import type { SkipReason } from "../../admin-api/sequences"

export const DAY_MS = 24 * 60 * 60 * 1000

/** How overdue a step may be and still be sent: past it the step is skipped for that person. */
export const MOST_OVERDUE_MS = 7 * DAY_MS

/** A step as the schedule knows it: its name, its delay after a confirmation, and the languages it is written in. */
export type ScheduledStep = { name: string; afterMs: number; languages: readonly string[] }

/** What was decided before for a person and a step. */
export type Decided = { step: string; state: "queued" | "skipped"; decidedAt: Date }

/** What to do for a person now: the steps to skip (each with why), the step to send (if any), and when to look again (null: no step is left). */
export type NextSteps = {
  skip: { step: string; reason: SkipReason }[]
  send: ScheduledStep | null
  lookAgainAt: Date | null
}

/** The steps in the order people get them: by delay, then by name. */
export const inOrder = <T extends Pick<ScheduledStep, "name" | "afterMs">>(steps: readonly T[]): T[] =>
  [...steps].sort((a, b) => a.afterMs - b.afterMs || a.name.localeCompare(b.name))

/** What to do now for a person confirmed at `confirmedAt`, given what was decided for them before and whether their address is suppressed. */
export function nextSteps({
  steps,
  confirmedAt,
  decided,
  suppressed,
  now,
}: {
  steps: readonly ScheduledStep[]
  confirmedAt: Date
  decided: readonly Decided[]
  suppressed: boolean
  now: Date
}): NextSteps {
  const time = now.getTime()
  const dueAt = (step: ScheduledStep) => confirmedAt.getTime() + step.afterMs
  const done = new Set(decided.map((row) => row.step))
  const mailed = decided.filter((row) => row.state === "queued").map((row) => row.decidedAt.getTime())
  let lastMail = mailed.length > 0 ? Math.max(...mailed) : null
  const skip: NextSteps["skip"] = []
  let open = inOrder(steps).filter((step) => !done.has(step.name))
  for (const step of open)
    if (dueAt(step) < time - MOST_OVERDUE_MS) skip.push({ step: step.name, reason: "overdue" })
    else if (suppressed && dueAt(step) <= time) skip.push({ step: step.name, reason: "suppressed" })
  open = open.filter((step) => !skip.some((skipped) => skipped.step === step.name))
  const [first] = open
  let send: ScheduledStep | null = null
  if (first && dueAt(first) <= time && (lastMail === null || lastMail <= time - DAY_MS)) {
    send = first
    lastMail = time
    open = open.slice(1)
  }
  if (open.length === 0) return { skip, send, lookAgainAt: null }
  const soonest = Math.min(...open.map(dueAt))
  return { skip, send, lookAgainAt: new Date(Math.max(soonest, lastMail === null ? soonest : lastMail + DAY_MS)) }
}
