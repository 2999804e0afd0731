import { isReferralCode } from "./referral-code"

/** Where the visit's personal code waits between the pages of one visit (the tab's session storage, never a cookie). */
export const REFERRAL_KEY = "referral"

/** The `ref` of a URL, when it is a personal code. */
function codeOf(url: string, origin: string): string | null {
  try {
    const parsed = new URL(url)
    const code = parsed.origin === origin ? parsed.searchParams.get("ref") : null
    return isReferralCode(code) ? code : null
  } catch {
    return null
  }
}

/**
 * The personal code this visit came through: `/r/<code>` sends the
 * visitor to the landing page with `?ref=<code>`, whose "Contact us" link
 * leads here, so the code is in this page's address or in the page before
 * (when it is the site's own); kept in the tab's session storage for the
 * rest of the visit. Null when the visit came through no personal link.
 */
export function referralOfVisit(win: Window): string | null {
  const { location, document } = win
  const found =
    codeOf(location.href, location.origin) ?? (document.referrer ? codeOf(document.referrer, location.origin) : null)
  try {
    if (found) win.sessionStorage.setItem(REFERRAL_KEY, found)
    const kept = found ?? win.sessionStorage.getItem(REFERRAL_KEY)
    return isReferralCode(kept) ? kept : null
  } catch {
    // Storage refused (a private mode): the code of this page's addresses still counts.
    return found
  }
}
