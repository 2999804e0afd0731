/**
 * The roles of the admin's accounts and what each may use: what the
 * server checks on every route and what the pages show, in one place that
 * may reach the browser.
 */

/** The roles an account may have. */
export const ROLES = ["owner", "marketing", "legal"] as const
export type Role = (typeof ROLES)[number]

export const isRole = (value: unknown): value is Role =>
  typeof value === "string" && (ROLES as readonly string[]).includes(value)

/** What the admin's pages and routes are for: each role may use some of them. */
export type Area =
  "dashboard" | "entries" | "people" | "audit" | "announcements" | "sequences" | "referrals" | "referral-review"

/**
 * Who may do what: an owner everything (and accounts, which the command
 * line manages); marketing the dashboard, the entries, the announcements,
 * the sequences, the referrals' leaderboard and rewards, and the review of
 * held referrals (crediting or refusing them); legal staff the entries, a
 * person's data (export and erasure) and the audit log.
 */
export const AREAS_OF: Record<Role, readonly Area[]> = {
  owner: ["dashboard", "entries", "people", "audit", "announcements", "sequences", "referrals", "referral-review"],
  marketing: ["dashboard", "entries", "announcements", "sequences", "referrals", "referral-review"],
  legal: ["entries", "people", "audit"],
}

export const mayUse = (role: Role, area: Area): boolean => AREAS_OF[role].includes(area)
