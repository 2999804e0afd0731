import { useCallback, useEffect, useState } from "react"
import { callApi } from "./admin-api"
import { announcementPath, isUnderWay, type Announcement } from "./announcement-types"

/** How often the page reads a send's progress while its mails go out. */
export const FOLLOW_MS = 2000

/**
 * An announcement as the page shows it: read again on `refresh` (after an
 * action), and every FOLLOW_MS while its send is under way, so its
 * progress moves on without a reload.
 */
export function useAnnouncement(initial: Announcement): { announcement: Announcement; refresh: () => Promise<void> } {
  const [announcement, setAnnouncement] = useState(initial)
  const refresh = useCallback(async () => {
    const answer = await callApi<Announcement>("GET", announcementPath(initial.slug))
    if (answer.data) setAnnouncement(answer.data)
  }, [initial.slug])
  const following = isUnderWay(announcement.progress)
  useEffect(() => {
    if (!following) return
    const timer = setInterval(() => void refresh(), FOLLOW_MS)
    return () => clearInterval(timer)
  }, [following, refresh])
  return { announcement, refresh }
}
