import type { On } from "../db/db"

/** The metadata of an entry's newest sign-up, as its browser sent it; {} when there is none or it is unreadable. */
export async function newestMetadataOf(on: On, entryId: number): Promise<Record<string, unknown>> {
  const row = await on
    .selectFrom("waitlist_messages")
    .select("metadata")
    .where("entry_id", "=", entryId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst()
  try {
    const value: unknown = JSON.parse(row?.metadata ?? "{}")
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}
