/** One figure of the dashboard: what it is, and its value large under it (inside a `<dl>`). */
export function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div sx={{ border: "1px solid", borderColor: "border", borderRadius: "medium", p: 4 }}>
      <dt sx={{ variant: "text.small" }}>{label}</dt>
      <dd sx={{ m: 0, fontSize: 6, fontWeight: "heading" }}>{value}</dd>
    </div>
  )
}
