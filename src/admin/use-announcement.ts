import { useCallback, useEffect, useState } from "react"
import { callApi } from "./api-client"
import { announcementPath, isUnderWay, type Announcement } from "./announcement-types"

/** How often the page reads a send's progress while its mails go out. */
export const FOLLOW_MS = 2000

/** Answers after which reading again cannot help: the session ended, the role changed, the file went. */
const FOR_GOOD = [401, 403, 404]

/**
 * An announcement as the page shows it: read again on `refresh` (after an
 * action), and every FOLLOW_MS while its send is under way, so its
 * progress moves on without a reload. `lost` says why the last reading
 * failed; the page stops following once the session or the file is gone.
 */
export function useAnnouncement(initial: Announcement): {
  announcement: Announcement
  lost: string | null
  refresh: () => Promise<void>
} {
  const [announcement, setAnnouncement] = useState(initial)
  const [lost, setLost] = useState<{ error: string; forGood: boolean } | null>(null)
  const refresh = useCallback(async () => {
    const answer = await callApi<Announcement>("GET", announcementPath(initial.slug))
    if (answer.data) setAnnouncement(answer.data)
    setLost(answer.data ? null : { error: answer.error ?? "", forGood: FOR_GOOD.includes(answer.status) })
  }, [initial.slug])
  const following = isUnderWay(announcement.progress) && !lost?.forGood
  useEffect(() => {
    if (!following) return
    const timer = setInterval(() => void refresh(), FOLLOW_MS)
    return () => clearInterval(timer)
  }, [following, refresh])
  return { announcement, lost: lost && `Its progress could not be read again: ${lost.error}`, refresh }
}
