import { AdminNotice } from "./admin-notice"
import { AnnouncementCard } from "./announcement-card"
import type { Announcement } from "./announcement-types"
import { useAdminData } from "./use-admin-data"

/**
 * The announcements of the folder (read when the page asks, so an edit
 * shows without a build), each with its previews, a test, the send, its
 * progress, pause and resume.
 */
export function AnnouncementsView() {
  const loaded = useAdminData<{ announcements: Announcement[] }>("announcements")
  return (
    <div>
      <p>
        Each announcement of <code>content/announcements</code>, as its files say it now (an edit shows here at once,
        without a build). Preview each language, send yourself a test, then send it to every confirmed entry: the
        running server delivers it at its mail rate. <code>npm run waitlist -- announce</code> does the same on the
        server.
      </p>
      {loaded.state === "loading" && <p role="status">Loading…</p>}
      {loaded.state === "failed" && <AdminNotice tone="error">{loaded.error}</AdminNotice>}
      {loaded.state === "done" && loaded.data.announcements.length === 0 && (
        <p>There is no announcement yet: write one as docs/editing.md says, then reload this page.</p>
      )}
      {loaded.state === "done" &&
        loaded.data.announcements.map((announcement) => (
          <AnnouncementCard key={announcement.slug} initial={announcement} />
        ))}
    </div>
  )
}
