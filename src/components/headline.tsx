type HeadlineProps = { text: string; highlight: string }

/** The landing headline, with its highlighted phrase in the accent color. */
export function Headline({ text, highlight }: HeadlineProps) {
  const at = highlight ? text.indexOf(highlight) : -1
  const before = at < 0 ? text : text.slice(0, at)
  const after = at < 0 ? "" : text.slice(at + highlight.length)
  return (
    <h1 sx={{ variant: "text.hero", m: 0 }}>
      {before}
      {at >= 0 && (
        <mark sx={{ color: "highlightText", bg: "highlight", borderRadius: "small", px: "0.08em", mx: "-0.08em" }}>
          {highlight}
        </mark>
      )}
      {after}
    </h1>
  )
}
