import { referralOfVisit } from "./referral-of-visit"
import type { ContactMetadata } from "./submission"

type NetworkInformation = { effectiveType?: string }
type WithTemporal = { Temporal?: { Now: { timeZoneId: () => string } } }

/** The visitor's IANA time zone: Temporal answers at once, Intl (the fallback) builds a whole date formatter first. */
export function timeZoneOf(win: Window & WithTemporal): string {
  return win.Temporal?.Now.timeZoneId() ?? Intl.DateTimeFormat().resolvedOptions().timeZone
}

/**
 * What the contact page records about the visit when it loads (spec §3).
 * `timestamp` is the time of gathering; the form refreshes it at submit.
 */
export function gatherMetadata(win: Window = window): ContactMetadata {
  const { navigator, screen, document, history, location } = win
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection
  const now = new Date()
  return {
    userAgent: navigator.userAgent,
    platform: navigator.platform,
    vendor: navigator.vendor,
    language: navigator.language,
    languages: [...(navigator.languages ?? [])],
    screenResolution: `${screen.width}x${screen.height}`,
    windowResolution: `${win.innerWidth}x${win.innerHeight}`,
    pixelRatio: win.devicePixelRatio,
    timezone: timeZoneOf(win),
    timezoneOffset: now.getTimezoneOffset(),
    timestamp: now.toISOString(),
    connectionType: connection?.effectiveType ?? null,
    referrer: document.referrer || null,
    previousPage: history.length > 1 ? document.referrer || null : null,
    utm: Object.fromEntries(new URLSearchParams(location.search)),
    locale: document.documentElement.lang.toLowerCase() || "en",
    referral: referralOfVisit(win),
  }
}
