import { useState } from "react"
import { callApi } from "./api-client"
import { announcementPath, total, type ActionNotice, type Progress } from "./announcement-types"

/** Pauses a send whose mails still wait, or resumes a paused one; nothing once every mail went. */
export function PauseButton({
  slug,
  progress,
  onDone,
}: {
  slug: string
  progress: Progress
  onDone: (notice: ActionNotice) => void
}) {
  const [busy, setBusy] = useState(false)
  const paused = progress.state === "paused"
  if (!paused && total(progress, "waiting") === 0) return null
  const act = async () => {
    setBusy(true)
    const answer = await callApi("POST", announcementPath(slug, paused ? "resume" : "pause"))
    setBusy(false)
    if (answer.error) return onDone({ tone: "error", text: answer.error })
    onDone({
      tone: "done",
      text: paused
        ? `Resumed ${slug}: the server sends its waiting mails again.`
        : `Paused ${slug}: its waiting mails stay queued until you resume it.`,
    })
  }
  return (
    <button type="button" sx={{ variant: "buttons.secondary" }} disabled={busy} onClick={() => void act()}>
      {paused ? "Resume sending" : "Pause sending"}
    </button>
  )
}
