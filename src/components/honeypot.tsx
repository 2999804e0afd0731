type HoneypotProps = { value: string; onChange: (value: string) => void }

/**
 * A field only bots fill: named `city`, off-screen, out of the tab order,
 * without autocomplete and hidden from assistive technology. The form sends
 * it as it is; the server quietly drops entries that have it.
 */
export function Honeypot({ value, onChange }: HoneypotProps) {
  return (
    <div aria-hidden="true" sx={{ position: "absolute", left: "-10000px", top: 0, width: 1, height: 1, overflow: "hidden" }}>
      <label htmlFor="city">City</label>
      <input
        id="city"
        name="city"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}
