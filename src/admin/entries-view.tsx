import { useState } from "react"
import { mayUse } from "../admin-api/roles"
import type { Account } from "./admin-frame"
import { AdminNotice } from "./admin-notice"
import { shownTime } from "./api-client"
import { DataTable } from "./data-table"
import { Pager } from "./pager"
import { SearchForm } from "./search-form"
import { useAdminData } from "./use-admin-data"

type EntryLine = {
  email: string
  name: string
  createdAt: string
  confirmedAt: string | null
  lang: string | null
  messages: number
}
type EntryPage = { items: EntryLine[]; total: number; page: number; pageSize: number }

/** The link to a person's page: the address after `#`, so it never reaches a server's log in a request. */
export const personPath = (email: string) => `/admin/person#${encodeURIComponent(email)}`

/** The entries, newest first, searched by part of an address or a name, a page at a time; a person's page for the roles that may open it. */
export function EntriesView({ account }: { account: Account }) {
  const [search, setSearch] = useState({ term: "", page: 1 })
  const loaded = useAdminData<EntryPage>(`entries?q=${encodeURIComponent(search.term)}&page=${search.page}`)
  const opensPeople = mayUse(account.role, "people")
  return (
    <div>
      <SearchForm
        id="search"
        label="Search by address or name"
        button="Search"
        maxLength={200}
        onSearch={(term) => setSearch({ term, page: 1 })}
      />
      {loaded.state === "loading" && <p role="status">Loading…</p>}
      {loaded.state === "failed" && <AdminNotice tone="error">{loaded.error}</AdminNotice>}
      {loaded.state === "done" && (
        <>
          <p role="status">
            {search.term
              ? `${loaded.data.total} ${loaded.data.total === 1 ? "entry matches" : "entries match"} “${search.term}”.`
              : `${loaded.data.total} ${loaded.data.total === 1 ? "entry" : "entries"} in all.`}
          </p>
          <DataTable
            caption="Entries, newest first"
            captionHidden
            columns={["Address", "Name", "Signed up", "Confirmed", "Language", "Messages"]}
            rows={loaded.data.items.map((entry) => [
              opensPeople ? <a href={personPath(entry.email)}>{entry.email}</a> : entry.email,
              entry.name,
              shownTime(entry.createdAt),
              entry.confirmedAt ? shownTime(entry.confirmedAt) : "Not yet",
              entry.lang ?? "—",
              entry.messages,
            ])}
          />
          <Pager
            page={loaded.data.page}
            pageSize={loaded.data.pageSize}
            total={loaded.data.total}
            onPage={(page) => setSearch({ ...search, page })}
          />
        </>
      )}
    </div>
  )
}
