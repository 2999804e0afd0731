import type { ReactNode } from "react"

/** A table of the admin: a caption, column headings, and rows of cells, scrolling sideways on a narrow screen. */
export function DataTable({
  caption,
  columns,
  rows,
  captionHidden = false,
}: {
  caption: string
  columns: string[]
  rows: ReactNode[][]
  captionHidden?: boolean
}) {
  return (
    <div sx={{ overflowX: "auto", my: 4 }} tabIndex={0} role="region" aria-label={caption}>
      <table
        sx={{
          borderCollapse: "collapse",
          width: "100%",
          fontSize: 1,
          "th, td": {
            textAlign: "left",
            px: 3,
            py: 2,
            borderBottom: "1px solid",
            borderColor: "border",
            verticalAlign: "top",
          },
        }}
      >
        <caption
          sx={
            captionHidden
              ? {
                  position: "absolute",
                  width: 1,
                  height: 1,
                  overflow: "hidden",
                  clip: "rect(0 0 0 0)",
                  whiteSpace: "nowrap",
                }
              : { textAlign: "left", fontWeight: "bold", mb: 2 }
          }
        >
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>Nothing to show.</td>
            </tr>
          ) : (
            rows.map((cells, row) => (
              <tr key={row}>
                {cells.map((cell, column) => (
                  <td key={column}>{cell}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}
