import { useState } from "react"
import { AdminNotice } from "./admin-notice"
import { shownTime } from "./api-client"
import { DataTable } from "./data-table"
import { Pager } from "./pager"
import { SearchForm } from "./search-form"
import { useAdminData } from "./use-admin-data"

type AuditLine = {
  id: number
  at: string
  action: string
  actor: string
  subjectHash: string | null
  detail: string | null
  ip: string | null
  ipHash: string | null
}
type AuditPage = { items: AuditLine[]; total: number; page: number; pageSize: number }

/** What each action of the log is, in words. */
const ACTIONS: Record<string, string> = {
  login: "Logged in",
  "login-failed": "Failed to log in",
  logout: "Logged out",
  invite: "Invited an account",
  enrol: "Took an invitation",
  "invite-ended": "An invitation ended after too many failed tries",
  revoke: "Revoked an account",
  unlock: "Unlocked an account's logins",
  export: "Exported a person's data",
  erase: "Erased a person's data",
  "announcement-test": "Tried a test of an announcement",
  "announcement-send": "Sent an announcement",
  "announcement-pause": "Paused an announcement",
  "announcement-resume": "Resumed an announcement",
  unsuppress: "Lifted an address's suppression",
  "referral-credit": "Credited a referral held for review",
  "referral-refuse": "Refused a referral held for review",
}

/** The audit log, newest first, a page at a time; or only the lines about one person's address. */
export function AuditView() {
  const [query, setQuery] = useState({ address: "", page: 1 })
  const loaded = useAdminData<AuditPage>(
    `audit?page=${query.page}${query.address ? `&address=${encodeURIComponent(query.address)}` : ""}`,
  )
  return (
    <div>
      <p>
        Every login and failed login, invitation, revocation, export and erasure, every announcement's test, send, pause
        and resume, and every suppression lifted, with who did it, when and from which address (kept 30 days, then only
        a keyed hash of it). People are named by a keyed hash of their address: type an address to see the lines about
        it.
      </p>
      <SearchForm
        id="about"
        label="Only the lines about this address"
        button="Show"
        type="email"
        maxLength={254}
        onSearch={(address) => setQuery({ address, page: 1 })}
      />
      {loaded.state === "loading" && <p role="status">Loading…</p>}
      {loaded.state === "failed" && <AdminNotice tone="error">{loaded.error}</AdminNotice>}
      {loaded.state === "done" && (
        <>
          <DataTable
            caption={query.address ? `The audit log's lines about ${query.address}` : "The audit log, newest first"}
            captionHidden
            columns={["When", "What", "Who", "About", "Detail", "From"]}
            rows={loaded.data.items.map((line) => [
              shownTime(line.at),
              ACTIONS[line.action] ?? line.action,
              line.actor,
              line.subjectHash ? <code title={line.subjectHash}>{line.subjectHash.slice(0, 12)}</code> : "—",
              line.detail ?? "—",
              line.ip ?? (line.ipHash ? <code title={line.ipHash}>hashed {line.ipHash.slice(0, 8)}</code> : "—"),
            ])}
          />
          <Pager
            page={loaded.data.page}
            pageSize={loaded.data.pageSize}
            total={loaded.data.total}
            onPage={(page) => setQuery({ ...query, page })}
          />
        </>
      )}
    </div>
  )
}
