import { useState } from "react"
import { AdminNotice } from "./admin-notice"
import type { ActionNotice } from "./announcement-types"
import { DataTable } from "./data-table"
import { MailFileCard } from "./mail-file-card"
import { MailPreview } from "./mail-preview"
import { SKIP_REASONS, type SkipReason, type StepSummary } from "../admin-api/sequences"
import { TestSendForm } from "./test-send-form"

/** The path of a step's route under /api/admin/. */
const stepPath = (name: string, ...rest: string[]) => ["sequences", encodeURIComponent(name), ...rest].join("/")

/** One step: its problems when its files have any; else where it stands, each language's preview and a test. */
export function SequenceStepCard({ step }: { step: StepSummary }) {
  const [notice, setNotice] = useState<ActionNotice>(null)
  const { name, after, problems, status, versions } = step
  return (
    <MailFileCard
      headingId={`step-${name}`}
      name={name}
      problems={status === null ? problems : null}
      held={`${name} is held: nobody gets it until its files are fixed. Fix them, then reload this page.`}
    >
      {status && (
        <>
          <p sx={{ fontWeight: "bold" }}>Sent {after} after a person confirms.</p>
          <DataTable
            caption={`Where ${name} stands`}
            columns={["Got it", "Waiting", "Failed", "Due now", "Later", "Skipped"]}
            rows={[
              [
                status.sent,
                status.waiting,
                status.failed,
                status.due,
                status.later,
                status.skipped.overdue + status.skipped.suppressed,
              ],
            ]}
          />
          {(Object.keys(SKIP_REASONS) as SkipReason[])
            .filter((reason) => status.skipped[reason] > 0)
            .map((reason) => (
              <p key={reason} sx={{ variant: "text.small" }}>
                Skipped for {status.skipped[reason]} because {SKIP_REASONS[reason]}.
              </p>
            ))}
          {notice && <AdminNotice tone={notice.tone}>{notice.text}</AdminNotice>}
          <MailPreview slug={name} versions={versions} previewPath={(lang) => stepPath(name, "preview", lang)} />
          <TestSendForm slug={name} testPath={stepPath(name, "test")} onDone={setNotice} />
        </>
      )}
    </MailFileCard>
  )
}
