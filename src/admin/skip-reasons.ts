/**
 * Why a step of the sequences was skipped for a person, in the words the
 * admin, `sequence status` and a person's data all say it: shared by the
 * server and the admin's pages.
 */

/** Why a step was skipped for a person. */
export type SkipReason = "overdue" | "suppressed"

/** The sentence of each reason, after "because". */
export const SKIP_REASONS: Record<SkipReason, string> = {
  overdue: "it was more than a week overdue (added late, or the server was down)",
  suppressed: "the address was suppressed (a bounce or a complaint) when it came due",
}
