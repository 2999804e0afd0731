/** The accounts of the admin as the queries, the login and the command line see them. */
import type { Role } from "../../admin-api/roles"

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
export type LoginAccount = {
  id: number
  email: string
  role: Role
  passwordHash: string | null
  totpSecret: string | null
  totpLastStep: number | null
  active: boolean
}

/** An invitation being taken: the account it is for. */
export type OpenInvite = { email: string; role: Role; pendingSecret: string | null }
