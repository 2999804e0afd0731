/**
 * Rows of text as columns padded to their widest cell (counted in code
 * points), two spaces apart, the columns `rightAligned` names padded on the
 * left (numbers), each line without trailing spaces: the tables every
 * command prints.
 */
export function alignedColumns(
  rows: readonly (readonly string[])[],
  rightAligned: (column: number) => boolean,
): string {
  const widths: number[] = []
  for (const row of rows)
    row.forEach((cell, column) => (widths[column] = Math.max(widths[column] ?? 0, [...cell].length)))
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => {
        const pad = " ".repeat((widths[column] ?? 0) - [...cell].length)
        return rightAligned(column) ? pad + cell : cell + pad
      })
      .join("  ")
      .trimEnd()
  return rows.map(line).join("\n")
}
