/**
 * A person's data as the admin's API hands it over (GDPR Art. 15): the
 * file given to the person and the person's page in the admin. Times are
 * ISO text.
 */

/** A version of the privacy policy a person agreed to, or what is not known of it. */
export type ConsentRecord =
  | { document: "privacy-policy"; language: string; effectiveDate: string; sha256: string }
  | "unknown: not recorded before this was kept"

/** Everything the waitlist holds about one address (see personExport), its notes written for the person. */
export type PersonExport = {
  about: string
  address: string
  exportedAt: string
  entry: {
    name: string
    email: string
    signedUpAt: string
    lastMessageAt: string
    language: string | null
    cameFrom: {
      referrerHost: string | null
      utmSource: string | null
      utmMedium: string | null
      utmCampaign: string | null
    }
  } | null
  confirmation: {
    confirmedAt: string | null
    privacyPolicyWhenConfirmed: ConsentRecord | null
    confirmationMailsSent: number
    lastConfirmationMailAt: string | null
    confirmationLinkExpiresAt: string | null
    unsubscribeLinks: number
  } | null
  messages: {
    sentAt: string
    name: string
    message: string
    metadata: Record<string, unknown>
    privacyPolicyInForce: ConsentRecord
  }[]
  mails: { kind: string; what: string; status: string; queuedAt: string; sentAt: string | null; attempts: number }[]
  announcementMails: {
    announcement: string
    language: string
    queuedAt: string | null
    sentAt: string | null
    outcome: "sent" | "failed" | "waiting"
    bouncedAt: string | null
    complainedAt: string | null
  }[]
  sequenceMails: { step: string; decision: string; language: string | null; decidedAt: string }[]
  suppression: { note: string; suppressedAt: string; reason: string; liftedAt: string | null } | null
  bounces: { kind: string; receivedAt: string }[]
  afterLeaving: { note: string; leftAt: string; confirmationMailsSent: number } | null
  erasures: { erasedAt: string }[]
  referrals: {
    note: string
    personalCode: string | null
    friends: Record<string, number>
    cameThroughAPersonalLink: {
      state: string
      signedUpAt: string
      decidedAt: string | null
      network: string | null
      reasonsHeld: { reason: string; foundAt: string; decision: string | null }[]
    } | null
  } | null
  rewards: {
    note: string
    tier: string
    state: string
    earnedAt: string
    paidAt: string | null
    store: string | null
    code: string | null
  }[]
}
