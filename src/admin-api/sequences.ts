/**
 * The sequences as the admin's API answers them and the command line
 * prints them: where each step stands, and why a step was skipped for a
 * person (in the words the admin, `sequence status` and a person's data
 * all say it).
 */

/** Why a step was skipped for a person. */
export type SkipReason = "overdue" | "suppressed"

/** The sentence of each reason, after "because". */
export const SKIP_REASONS: Record<SkipReason, string> = {
  overdue: "it was more than a week overdue (added late, or the server was down)",
  suppressed: "the address was suppressed (a bounce or a complaint) when it came due",
}

/** Where one step stands. */
export type StepStatus = {
  step: string
  afterMs: number
  /** Mails delivered, waiting in the outbox, or failed for good (a refusal, or suppressed since they were queued). */
  sent: number
  waiting: number
  failed: number
  /** People the step is due for now, within the week it may be late (the job sends it at its next runs, one mail a day each). */
  due: number
  /** People confirmed too recently for it to be due yet. */
  later: number
  /** People it was skipped for, by why (a step more than a week overdue, recorded or not yet, counts as skipped). */
  skipped: Record<SkipReason, number>
}

/** A step as the status shows it: each language's subject (as the sample reader gets it), where it stands, or the problems that hold it. */
export type StepSummary = {
  name: string
  afterMs: number | null
  /** The delay as the status writes it ("2 days"); null for a step held by its problems. */
  after: string | null
  versions: { lang: string; subject: string }[]
  problems: string[]
  status: StepStatus | null
}
