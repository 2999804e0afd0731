/**
 * Reads CSV the way RFC 4180 writes it (quoted fields, doubled quotes, CRLF
 * line ends), strictly: anything else throws. The tests use it to check what
 * the waitlist export writes. Returns the rows, each a list of fields.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let at = 0
  while (at < text.length) {
    let field = ""
    if (text[at] === '"') {
      at++
      for (;;) {
        const quote = text.indexOf('"', at)
        if (quote < 0) throw new Error("a quoted field is not closed")
        field += text.slice(at, quote)
        at = quote + 1
        if (text[at] !== '"') break
        field += '"'
        at++
      }
    } else {
      const end = text.slice(at).search(/[,\r\n"]/)
      field = end < 0 ? text.slice(at) : text.slice(at, at + end)
      at += field.length
    }
    row.push(field)
    if (text.startsWith(",", at)) at++
    else if (text.startsWith("\r\n", at)) {
      at += 2
      rows.push(row)
      row = []
    } else throw new Error(`unexpected ${JSON.stringify(text.slice(at, at + 10))} at ${at}`)
  }
  if (row.length > 0) throw new Error("the last row does not end with CRLF")
  return rows
}
