import type { InputHTMLAttributes } from "react"

type AdminFieldProps = {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  hint?: string
} & Pick<InputHTMLAttributes<HTMLInputElement>, "type" | "autoComplete" | "inputMode" | "required" | "maxLength">

/** A labelled input of the admin, its hint and its error under it, tied to it for screen readers. */
export function AdminField({ id, label, value, onChange, error, hint, ...input }: AdminFieldProps) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ")
  return (
    <div sx={{ display: "flex", flexDirection: "column", mb: 4 }}>
      <label htmlFor={id} sx={{ variant: "forms.label" }}>
        {label}
      </label>
      <input
        id={id}
        name={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        sx={{ variant: "forms.input" }}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} sx={{ variant: "text.small", mt: 2, mb: 0 }}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} sx={{ variant: "text.fieldError" }}>
          {error}
        </p>
      )}
    </div>
  )
}
