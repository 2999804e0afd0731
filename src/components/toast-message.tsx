import { CONTACT_FORM_CLASSES } from "./contact-form-classes"

type ToastMessageProps = { title: string; description: string }

/** A toast's content: a bold title over a one-line description. */
export function ToastMessage({ title, description }: ToastMessageProps) {
  return (
    <div>
      <p className={CONTACT_FORM_CLASSES.toastTitle}>{title}</p>
      <p className={CONTACT_FORM_CLASSES.toastDescription}>{description}</p>
    </div>
  )
}
