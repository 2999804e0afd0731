import { useState } from "react"
import { AdminNotice } from "./admin-notice"
import { MailFileCard } from "./mail-file-card"
import { MailPreview } from "./mail-preview"
import { AnnouncementProgressView } from "./announcement-progress"
import { PauseButton } from "./pause-button"
import { SendDialog } from "./send-dialog"
import { TestSendForm } from "./test-send-form"
import { announcementPath, type ActionNotice, type Announcement } from "./announcement-types"
import { useAnnouncement } from "./use-announcement"

/**
 * One announcement: its problems when its files have any; else its send's
 * progress, each language's preview, a test, the send and its pause.
 */
export function AnnouncementCard({ initial }: { initial: Announcement }) {
  const { announcement, lost, refresh } = useAnnouncement(initial)
  const [notice, setNotice] = useState<ActionNotice>(null)
  const { slug, problems, progress } = announcement
  const done = (next: ActionNotice) => {
    setNotice(next)
    void refresh()
  }
  return (
    <MailFileCard
      headingId={`announcement-${slug}`}
      name={slug}
      problems={problems.length > 0 ? problems : null}
      held={`${slug} cannot be previewed or sent as it is written: fix its files, then reload this page.`}
    >
      <AnnouncementProgressView slug={slug} progress={progress} />
      {notice && <AdminNotice tone={notice.tone}>{notice.text}</AdminNotice>}
      {lost && <AdminNotice tone="error">{lost}</AdminNotice>}
      <div sx={{ display: "flex", flexWrap: "wrap", gap: 3, my: 4 }}>
        <SendDialog slug={slug} sentBefore={progress !== null} onDone={done} />
        {progress && <PauseButton slug={slug} progress={progress} onDone={done} />}
      </div>
      <MailPreview
        slug={slug}
        versions={announcement.versions}
        previewPath={(lang) => announcementPath(slug, "preview", lang)}
      />
      <TestSendForm slug={slug} testPath={announcementPath(slug, "test")} onDone={setNotice} />
    </MailFileCard>
  )
}
