/**
 * A Markdown file with one frontmatter date field set to a new date,
 * everything else byte for byte as it was (quoting, comments, order and the
 * body included), so a new version's diff shows one changed line.
 * Throws when the frontmatter has no such line.
 */
export function setFrontmatterDate(raw: string, field: string, date: string): string {
  const lines = raw.split("\n")
  const end = lines.findIndex((line, index) => index > 0 && line.replace(/\r$/, "") === "---")
  const at = lines.findIndex((line, index) => index > 0 && index < end && line.startsWith(`${field}:`))
  if (lines[0]?.replace(/\r$/, "") !== "---" || at < 0) throw new Error(`no \`${field}\` line in the frontmatter`)
  const line = lines[at] ?? ""
  const old = /\d{4}-\d{2}-\d{2}/.exec(line.slice(field.length + 1))
  if (!old) throw new Error(`the \`${field}\` line holds no YYYY-MM-DD date`)
  const start = field.length + 1 + old.index
  lines[at] = line.slice(0, start) + date + line.slice(start + old[0].length)
  return lines.join("\n")
}
