import { useEffect, useRef, useState, type FormEvent } from "react"
import type { ContactFormTexts } from "../i18n/contact-form-texts"
import { hasNoErrors, validateContact, type ContactErrors } from "../waitlist/contact-rules"
import { CONTACT_FORM_READY_MARK } from "./ready-marks"
import { gatherMetadata } from "../waitlist/gather-metadata"
import { sendToWaitlist } from "../waitlist/send-to-waitlist"
import type { ContactMetadata } from "../waitlist/submission"
import { CONTACT_FORM_CLASSES } from "./contact-form-classes"
import { FormField } from "./form-field"
import { loadToastify } from "./load-toastify"
import { Honeypot } from "./honeypot"
import { ToastMessage } from "./toast-message"

const FIELDS = ["name", "email", "message", "city"] as const
type Fields = Record<(typeof FIELDS)[number], string>

/** What the form's fields hold now, typed before the page's script arrived or after. */
const valuesOf = (form: HTMLFormElement): Fields => {
  const data = new FormData(form)
  return Object.fromEntries(FIELDS.map((field) => [field, String(data.get(field) ?? "")])) as Fields
}

/** Empties the fields (spec §4: name, email, message and city), each through its value, as a visitor's own edit would. */
const clear = (form: HTMLFormElement) => {
  for (const field of FIELDS) {
    const element = form.elements.namedItem(field)
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) element.value = ""
  }
}

/** The words shown under a field for a problem the rules found, in the page's language. */
const messageOf = (texts: ContactFormTexts, problem: ContactErrors[keyof ContactErrors]) =>
  problem ? texts[`form.${problem}`] : undefined

/** Shows the toast of an outcome (5 s, closable) in the page's language, loading react-toastify first if it is not there yet. */
const notify = (texts: ContactFormTexts, outcome: "success" | "failure") =>
  loadToastify().then(
    ({ toast }) =>
      void toast[outcome === "success" ? "success" : "error"](
        <ToastMessage title={texts[`toast.${outcome}.title`]} description={texts[`toast.${outcome}.description`]} />,
        { autoClose: 5000 },
      ),
    (error: unknown) => console.error(error),
  )

/** The note after a sign-up, the address as it was typed set apart in it. */
function SentNote({ text, email }: { text: string; email: string }) {
  const [before = "", after = ""] = text.split("{email}")
  return (
    <p className={CONTACT_FORM_CLASSES.sent}>
      {before}
      <strong>{email}</strong>
      {after}
    </p>
  )
}

/**
 * The contact form (spec §2, §4, §5): checks name and e-mail on every submit
 * attempt, sends nothing while an error stands, and posts the entry with the
 * metadata gathered when the page loaded. On success the fields are cleared;
 * on failure they stay, so nothing typed is lost, not even what was typed
 * before the page's script ran: the fields keep their own values, which the
 * form reads when it is sent. Beside the toast, a success leaves a note under
 * the form that stays, in a polite live region: a link went to the address
 * typed, and opening it confirms the place in line. Every word it shows
 * comes from `texts`, the page's language.
 */
export function ContactForm({ texts }: { texts: ContactFormTexts }) {
  const [errors, setErrors] = useState<ContactErrors>({})
  const [submitting, setSubmitting] = useState(false)
  const [ready, setReady] = useState(false)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const metadata = useRef<ContactMetadata | null>(null)
  const inputs = {
    name: useRef<HTMLInputElement & HTMLTextAreaElement>(null),
    email: useRef<HTMLInputElement & HTMLTextAreaElement>(null),
    message: useRef<HTMLInputElement & HTMLTextAreaElement>(null),
  }

  // 'Send' stays disabled until the script can send the entry properly.
  useEffect(() => {
    metadata.current = gatherMetadata()
    setReady(true)
  }, [])

  // Once 'Send' works, say so to whoever measures or tests the page (where the browser can: not every test clock has marks).
  useEffect(() => {
    if (ready && typeof performance.mark === "function") performance.mark(CONTACT_FORM_READY_MARK)
  }, [ready])

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (submitting) return
    const form = event.currentTarget
    const fields = valuesOf(form)
    const found = validateContact(fields)
    setErrors(found)
    if (!hasNoErrors(found)) {
      const firstFailing = (["name", "email", "message"] as const).find((field) => found[field])
      if (firstFailing) inputs[firstFailing].current?.focus()
      return
    }
    setSubmitting(true)
    try {
      const gathered = metadata.current ?? gatherMetadata()
      await sendToWaitlist({ ...fields, metadata: { ...gathered, timestamp: new Date().toISOString() } })
      setSentTo(fields.email.trim())
      clear(form)
      notify(texts, "success")
    } catch (error) {
      console.error(error)
      notify(texts, "failure")
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <>
      <form onSubmit={submit} noValidate aria-label={texts["form.label"]} className={CONTACT_FORM_CLASSES.form}>
        <FormField
          id="name"
          label={texts["form.name"]}
          error={messageOf(texts, errors.name)}
          autoComplete="name"
          inputRef={inputs.name}
        />
        <FormField
          id="email"
          label={texts["form.email"]}
          type="email"
          error={messageOf(texts, errors.email)}
          autoComplete="email"
          inputRef={inputs.email}
        />
        <FormField
          id="message"
          label={texts["form.message"]}
          multiline
          error={messageOf(texts, errors.message)}
          inputRef={inputs.message}
        />
        <Honeypot />
        <button
          type="submit"
          disabled={!ready || submitting}
          aria-busy={submitting}
          className={CONTACT_FORM_CLASSES.send}
        >
          {submitting ? texts["form.sending"] : texts["form.send"]}
        </button>
      </form>
      <div role="status">{sentTo !== null && <SentNote text={texts["form.sent"]} email={sentTo} />}</div>
    </>
  )
}
