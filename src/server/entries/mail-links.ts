/** The routes the links of the mails open (see links-route.ts). */
export const CONFIRM_ROUTE = "/api/waitlist-confirm"
export const LEAVE_ROUTE = "/api/waitlist-leave"

/** A leave link, in a language: what every mail to a visitor carries, visibly and as List-Unsubscribe. */
export const leaveLink = (siteUrl: string, leaveToken: string, lang: string): string =>
  `${siteUrl}${LEAVE_ROUTE}?token=${leaveToken}&lang=${lang}`

/** The two links of a confirmation mail. */
export type ConfirmationLinks = { confirmUrl: string; leaveUrl: string }

/** The two links of a confirmation mail, in the language the visitor signed up in. */
export const confirmationLinks = (
  siteUrl: string,
  { confirmToken, leaveToken }: { confirmToken: string; leaveToken: string },
  lang: string,
): ConfirmationLinks => ({
  confirmUrl: `${siteUrl}${CONFIRM_ROUTE}?token=${confirmToken}&lang=${lang}`,
  leaveUrl: leaveLink(siteUrl, leaveToken, lang),
})
