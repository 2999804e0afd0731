/** The metadata the contact page gathers on load (spec §3). */
export type ContactMetadata = {
  userAgent: string
  platform: string
  vendor: string
  language: string
  languages: string[]
  screenResolution: string
  windowResolution: string
  pixelRatio: number
  timezone: string
  timezoneOffset: number
  timestamp: string
  connectionType: string | null
  referrer: string | null
  previousPage: string | null
  utm: Record<string, string>
  /** The language of the page the form is on, as the site's routes name it: "en", "es", "pt-br"… */
  locale: string
  /** The personal code of the link the visit came through (`/r/<code>`), or null (see referralOfVisit). */
  referral: string | null
}

/** The JSON body the contact form posts to /api/waitlist (spec §7). */
export type WaitlistSubmission = {
  name: string
  email: string
  message: string
  city: string
  metadata: ContactMetadata
}

/** The metadata as the waitlist keeps it: each field of spec §3, null where the browser sent none. */
export type StoredMetadata = { [Field in keyof ContactMetadata]: ContactMetadata[Field] | null }

/** A submission as the server accepts it: its metadata read against spec §3. */
export type AcceptedSubmission = Omit<WaitlistSubmission, "metadata"> & { metadata: StoredMetadata }
