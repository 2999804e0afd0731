/** Previous and next buttons under a paged list, and where the list is. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number
  pageSize: number
  total: number
  onPage: (page: number) => void
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  return (
    <nav aria-label="Pages" sx={{ display: "flex", alignItems: "center", gap: 4, my: 4 }}>
      <button type="button" sx={{ variant: "buttons.secondary" }} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </button>
      <p sx={{ m: 0 }}>
        Page {page} of {pages} ({total === 1 ? "1 line" : `${total} lines`})
      </p>
      <button
        type="button"
        sx={{ variant: "buttons.secondary" }}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next page
      </button>
    </nav>
  )
}
