import type { ChangeEvent, Ref } from "react"

type FormFieldProps = {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  multiline?: boolean
  type?: "text" | "email"
  autoComplete?: string
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>
}

/** A labelled input or text area with its error message under it, tied together for screen readers. */
export function FormField({ id, label, value, onChange, error, multiline, type = "text", autoComplete, inputRef }: FormFieldProps) {
  const errorId = `${id}-error`
  const shared = {
    id,
    name: id,
    value,
    ref: inputRef,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  }
  return (
    <div sx={{ display: "flex", flexDirection: "column" }}>
      <label htmlFor={id} sx={{ variant: "forms.label" }}>
        {label}
      </label>
      {multiline ? (
        <textarea {...shared} rows={6} sx={{ variant: "forms.textarea" }} />
      ) : (
        <input {...shared} type={type} autoComplete={autoComplete} sx={{ variant: "forms.input" }} />
      )}
      {error && (
        <p id={errorId} sx={{ variant: "text.fieldError" }}>
          {error}
        </p>
      )}
    </div>
  )
}
