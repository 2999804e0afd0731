/**
 * Rewrites, once, what earlier versions left in forms the code no longer
 * reads, so the hot paths know one form: waiting mail becomes today's draft,
 * and links whose keys lack the time (which only the link holds) are retired.
 */
import { sql, type Kysely } from "kysely"
import type { Database } from "../schema"

/** A link's token in a URL of a mail: `token=` then 43 characters of base64url. */
const TOKEN_IN_URL = /[?&]token=([\w-]{43})(?![\w-])/
const CONFIRM_LINK = /\/api\/waitlist-confirm\?\S+/
const LANG_IN_URL = /[?&]lang=([a-z]{2}(?:-[a-z]{2})?)(?![\w-])/

/** The key of a link made before keys began with the time: the SHA-256 alone, 64 hex digits. */
const BARE_HASH_LENGTH = 64

type Row = { id: number; entry_id: number; kind: string; payload: string; created_at: string | Date }
type Draft = Record<string, unknown>

const tokenIn = (text: unknown) => (typeof text === "string" ? TOKEN_IN_URL.exec(text)?.[1] : undefined)
const createdIso = (time: string | Date) => (typeof time === "string" ? time : time.toISOString())

/** The stored message a team mail of an earlier version told of: the one written with it, else the entry's newest. */
async function messageOf(db: Kysely<Database>, row: Row): Promise<number | undefined> {
  const written = await db
    .selectFrom("waitlist_messages")
    .select("id")
    .where("entry_id", "=", row.entry_id)
    .orderBy(sql`CASE WHEN submitted_at = ${createdIso(row.created_at)} THEN 0 ELSE 1 END`)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst()
  return written?.id
}

/** Today's draft for a row of an earlier form, or why there is none. */
async function currentDraft(
  db: Kysely<Database>,
  row: Row,
  draft: Draft,
): Promise<{ payload: string; messageId?: number } | { error: string }> {
  const entry = await db
    .selectFrom("waitlist_entries")
    .select(["name", "email"])
    .where("id", "=", row.entry_id)
    .executeTakeFirst()
  if (!entry) return { error: "its entry is gone" }
  const messageId = typeof draft.messageId === "string" ? draft.messageId : undefined
  if (!messageId) return { error: "it has no Message-ID" }
  if (row.kind === "notify") {
    const message = await messageOf(db, row)
    if (message === undefined) return { error: "the message it tells of is no longer stored" }
    return { payload: JSON.stringify({ kind: "team", messageId, email: entry.email }), messageId: message }
  }
  const links = draft.links as { confirmUrl?: unknown; leaveUrl?: unknown } | undefined
  const headers = draft.headers as Record<string, unknown> | undefined
  const confirmUrl = links
    ? links.confirmUrl
    : typeof draft.text === "string"
      ? CONFIRM_LINK.exec(draft.text)?.[0]
      : undefined
  const confirmToken = tokenIn(confirmUrl)
  const leaveToken = tokenIn(links ? links.leaveUrl : headers?.["List-Unsubscribe"])
  if (!confirmToken || !leaveToken) return { error: "its links could not be read" }
  const lang =
    typeof draft.lang === "string"
      ? draft.lang
      : typeof confirmUrl === "string"
        ? (LANG_IN_URL.exec(confirmUrl)?.[1] ?? "en")
        : "en"
  const name = typeof draft.name === "string" ? draft.name : entry.name
  return { payload: JSON.stringify({ kind: "confirmation", messageId, name, lang, confirmToken, leaveToken }) }
}

/** Whether a mail's payload is in an earlier form: a draft with copies (`entry`, `links`), or a rendered mail (no `kind`). */
const isEarlierForm = (draft: Draft) => draft.kind === undefined || "entry" in draft || "links" in draft

export const currentDraftsAndKeys = {
  async up(db: Kysely<Database>) {
    const rows = await db
      .selectFrom("waitlist_outbox")
      .select(["id", "entry_id", "kind", "payload", "created_at"])
      .where("kind", "in", ["notify", "confirm"])
      .where("status", "in", ["pending", "failed"])
      .execute()
    for (const row of rows) {
      let draft: Draft
      try {
        draft = JSON.parse(row.payload) as Draft
      } catch {
        continue
      }
      if (!isEarlierForm(draft)) continue
      const rewritten = await currentDraft(db, row, draft)
      if ("error" in rewritten) {
        const error = `queued by an earlier version in a form this one cannot send: ${rewritten.error}`
        await db
          .updateTable("waitlist_outbox")
          .set({ status: "failed", last_error: error, lease_until: null })
          .where("id", "=", row.id)
          .execute()
        continue
      }
      await db
        .updateTable("waitlist_outbox")
        .set({
          payload: rewritten.payload,
          ...(rewritten.messageId === undefined ? {} : { message_id: rewritten.messageId }),
        })
        .where("id", "=", row.id)
        .execute()
    }
    const bare = sql<boolean>`length(token_hash) = ${BARE_HASH_LENGTH}`
    await db.deleteFrom("waitlist_leave_tokens").where(bare).execute()
    await db
      .updateTable("waitlist_entries")
      .set({ confirm_token_hash: null, confirm_expires_at: null })
      .where(sql<boolean>`length(confirm_token_hash) = ${BARE_HASH_LENGTH}`)
      .execute()
  },
}
