import type { Tx } from "../db/db"

/** Keeps the keys of the leave links mailed to entries (see linkTokenKey): a confirmation's one, an announcement's batch. */
export async function addLeaveTokens(trx: Tx, tokens: { entryId: number; key: string }[]): Promise<void> {
  if (tokens.length > 0)
    await trx
      .insertInto("waitlist_leave_tokens")
      .values(tokens.map(({ entryId, key }) => ({ token_hash: key, entry_id: entryId })))
      .execute()
}
