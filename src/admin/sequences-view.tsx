import { AdminNotice } from "./admin-notice"
import { SequenceStepCard } from "./sequence-step-card"
import type { StepSummary } from "../admin-api/sequences"
import { useAdminData } from "./use-admin-data"

/**
 * The steps of the sequences (read when the page asks, so an edit shows
 * without a build), in the order people get them: each with where it
 * stands, its previews and a test; a step its files' problems hold, with
 * those problems.
 */
export function SequencesView() {
  const loaded = useAdminData<{ steps: StepSummary[] }>("sequences")
  return (
    <div>
      <p>
        Each step of <code>content/sequences</code>, as its files say it now (an edit shows here at once, without a
        build). The running server sends each step once to every confirmed person, its delay after their confirmation,
        in their language: never more than one sequence mail a day each, and a step more than a week late is skipped for
        them. <code>npm run waitlist -- sequence</code> does the same on the server.
      </p>
      {loaded.state === "loading" && <p role="status">Loading…</p>}
      {loaded.state === "failed" && <AdminNotice tone="error">{loaded.error}</AdminNotice>}
      {loaded.state === "done" && loaded.data.steps.length === 0 && (
        <p>There is no step yet: write one as docs/editing.md says, then reload this page.</p>
      )}
      {loaded.state === "done" && loaded.data.steps.map((step) => <SequenceStepCard key={step.name} step={step} />)}
    </div>
  )
}
