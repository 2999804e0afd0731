/**
 * The class names of the contact form's parts. The build renders the form
 * with them and writes their styles from the theme (ContactFormStyles); the
 * island hydrates the same elements with the same names, so the browser's
 * bundle carries no styling code and restyles nothing.
 */
export const CONTACT_FORM_CLASSES = {
  form: "contact-form",
  field: "contact-form-field",
  label: "contact-form-label",
  input: "contact-form-input",
  textarea: "contact-form-textarea",
  fieldError: "contact-form-field-error",
  honeypot: "contact-form-honeypot",
  send: "contact-form-send",
  sent: "contact-form-sent",
  failure: "contact-form-failure",
  failureDetail: "contact-form-failure-detail",
  toastTitle: "contact-form-toast-title",
  toastDescription: "contact-form-toast-description",
} as const

/** A styled part of the contact form. */
export type ContactFormPart = keyof typeof CONTACT_FORM_CLASSES
