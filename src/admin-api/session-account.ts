import type { Role } from "./roles"

/** The account of a valid session, as `GET /api/admin/session` answers it. */
export type SessionAccount = { id: number; email: string; role: Role }
