import type { Ref } from "react"
import { CONTACT_FORM_CLASSES } from "./contact-form-classes"

type FormFieldProps = {
  id: string
  label: string
  error?: string
  multiline?: boolean
  type?: "text" | "email"
  autoComplete?: string
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>
}

/**
 * A labelled input or text area with its error message under it, tied
 * together for screen readers. The field keeps its own value (the form
 * reads it when sent), so what a visitor types before the page's script
 * arrives stays where it is.
 */
export function FormField({ id, label, error, multiline, type = "text", autoComplete, inputRef }: FormFieldProps) {
  const errorId = `${id}-error`
  const shared = {
    id,
    name: id,
    ref: inputRef,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  }
  return (
    <div className={CONTACT_FORM_CLASSES.field}>
      <label htmlFor={id} className={CONTACT_FORM_CLASSES.label}>
        {label}
      </label>
      {multiline ? (
        <textarea {...shared} rows={6} className={CONTACT_FORM_CLASSES.textarea} />
      ) : (
        <input {...shared} type={type} autoComplete={autoComplete} className={CONTACT_FORM_CLASSES.input} />
      )}
      {error && (
        <p id={errorId} className={CONTACT_FORM_CLASSES.fieldError}>
          {error}
        </p>
      )}
    </div>
  )
}
