import type { Role } from "../../admin/roles"
import type { PolicyVersion } from "../waitlist/privacy-policy-version"

export { isRole, ROLES, type Role } from "../../admin/roles"

/** Who did something the audit log records: an account, or the command line on the server. */
export type Actor = { accountId: number | null; label: string }

/** The actor of the CLIs (`npm run admin`, `npm run waitlist`), run by whoever has a shell on the server. */
export const COMMAND_LINE: Actor = { accountId: null, label: "command line" }

/** Where an account stands: invited (its link not taken yet), active, or revoked. */
export type AccountState = "invited" | "active" | "revoked"

/** An account as the CLI lists it. */
export type AdminAccount = {
  email: string
  role: Role
  state: AccountState
  createdAt: Date
  activatedAt: Date | null
  revokedAt: Date | null
  /** When an invitation not taken yet stops working. */
  inviteExpiresAt: Date | null
}

/** An account as a login reads it: null fields for an account that cannot log in yet. */
export type LoginAccount = { id: number; email: string; role: Role; passwordHash: string | null; totpSecret: string | null; totpLastStep: number | null; active: boolean }

/** The account of a valid session. */
export type SessionAccount = { id: number; email: string; role: Role }

/** The actions the audit log records. */
export type AuditAction = "login" | "login-failed" | "logout" | "invite" | "enrol" | "revoke" | "export" | "erase"

/** A line to append to the audit log. */
export type NewAuditEntry = { action: AuditAction; actor: Actor; at: Date; ip: string | null; subjectHash?: string | null; detail?: string | null }

/** A line of the audit log as it is read back: the client's address, or only its keyed hash once 30 days old. */
export type AuditEntry = { id: number; at: Date; action: string; actor: string; subjectHash: string | null; detail: string | null; ip: string | null; ipHash: string | null }

/** An invitation being taken: the account it is for. */
export type OpenInvite = { email: string; role: Role; pendingSecret: string | null }

/** A page of a list, newest first. */
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number }

/** An entry as the entries page lists it. */
export type EntrySummary = { email: string; name: string; createdAt: Date; updatedAt: Date; confirmedAt: Date | null; lang: string | null; messages: number }

/** Everything the waitlist holds about one address (GDPR Art. 15), as the store reads it. */
export type PersonRecord = {
  entry: {
    name: string
    email: string
    createdAt: Date
    updatedAt: Date
    confirmedAt: Date | null
    confirmedPolicy: PolicyVersion | null
    lang: string | null
    source: { referrerHost: string | null; utmSource: string | null; utmMedium: string | null; utmCampaign: string | null }
    confirmationMailsSent: number
    lastConfirmationMailAt: Date | null
    confirmationLinkExpiresAt: Date | null
    leaveLinks: number
  } | null
  messages: { submittedAt: Date; name: string; message: string; metadata: Record<string, unknown>; policy: PolicyVersion | null }[]
  deliveries: { kind: string; status: string; queuedAt: Date; sentAt: Date | null; attempts: number }[]
  /** The entry's mail of each announcement: which, in which language, when queued and sent, what became of it, and any bounce or complaint. */
  announcementMails: { slug: string; lang: string; queuedAt: Date | null; sentAt: Date | null; outcome: "sent" | "failed" | "waiting"; bouncedAt: Date | null; complainedAt: Date | null }[]
  /** The address's suppression (no mail of any kind goes to it), kept by a keyed hash: when, why, and when it was lifted; null when it never was. */
  suppression: { suppressedAt: Date; reason: string; liftedAt: Date | null } | null
  /** The bounces and complaints counted against the address, by the same keyed hash. */
  bounces: { kind: string; receivedAt: Date }[]
  /** What is kept of the address after it left the list: a keyed hash with its confirmation mails. */
  departure: { leftAt: Date; confirmationMailsSent: number } | null
  erasures: { erasedAt: Date }[]
}

/** How many a day, as the dashboard charts them. */
export type DayCount = { day: string; signUps: number; confirmations: number }

/** A count of entries by one value (a language, a source). */
export type CountBy<K extends string> = { [key in K]: string | null } & { entries: number }

/** What the dashboard shows of a period. */
export type DashboardFigures = {
  days: DayCount[]
  languages: CountBy<"lang">[]
  sources: (CountBy<"referrerHost" | "utmSource" | "utmMedium" | "utmCampaign">)[]
  /** Entries and confirmed entries: of all time, and of those who signed up in the period. */
  confirmed: { all: { entries: number; confirmed: number }; period: { entries: number; confirmed: number } }
  outbox: { pending: number; failed: number; sentLastDay: number; oldestPendingSince: Date | null }
}
