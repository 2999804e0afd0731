import { useEffect, useRef, useState, type FormEvent } from "react"
import type { ContactFormTexts } from "../i18n/contact-form-texts"
import { hasNoErrors, validateContact, type ContactErrors } from "../waitlist/contact-rules"
import { CONTACT_FORM_READY_MARK } from "../islands/ready-marks"
import { gatherMetadata } from "../waitlist/gather-metadata"
import { sendToWaitlist } from "../waitlist/send-to-waitlist"
import type { ContactMetadata } from "../waitlist/submission"
import { FormField } from "./form-field"
import { loadToastify } from "./load-toastify"
import { Honeypot } from "./honeypot"
import { ToastMessage } from "./toast-message"

const EMPTY = { name: "", email: "", message: "", city: "" }
type Fields = typeof EMPTY

/** What the visitor typed into the server-rendered form before the page's JavaScript arrived. */
const typedBeforeHydration = (form: HTMLFormElement | null): Fields => {
  const data = form ? new FormData(form) : null
  const read = (field: keyof Fields) => String(data?.get(field) ?? "")
  return { name: read("name"), email: read("email"), message: read("message"), city: read("city") }
}

/** The words shown under a field for a problem the rules found, in the page's language. */
const messageOf = (texts: ContactFormTexts, problem: ContactErrors[keyof ContactErrors]) => (problem ? texts[`form.${problem}`] : undefined)

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

/**
 * The contact form (spec §2, §4, §5): checks name and e-mail on every submit
 * attempt, sends nothing while an error stands, and posts the entry with the
 * metadata gathered when the page loaded. On success the fields are cleared;
 * on failure they stay, so nothing typed is lost, not even what was typed
 * before the page's script ran. Every word it shows comes from `texts`, the
 * page's language.
 */
export function ContactForm({ texts }: { texts: ContactFormTexts }) {
  const [fields, setFields] = useState<Fields>(EMPTY)
  const [errors, setErrors] = useState<ContactErrors>({})
  const [submitting, setSubmitting] = useState(false)
  const [ready, setReady] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  const metadata = useRef<ContactMetadata | null>(null)
  const inputs = {
    name: useRef<HTMLInputElement & HTMLTextAreaElement>(null),
    email: useRef<HTMLInputElement & HTMLTextAreaElement>(null),
    message: useRef<HTMLInputElement & HTMLTextAreaElement>(null),
  }

  // On a slow network a visitor can type before the script arrives: keep
  // what they typed, and keep 'Send' disabled until it can send it properly.
  useEffect(() => {
    metadata.current = gatherMetadata()
    setFields(typedBeforeHydration(form.current))
    setReady(true)
  }, [])

  // Once 'Send' works, say so to whoever measures or tests the page (where the browser can: not every test clock has marks).
  useEffect(() => {
    if (ready && typeof performance.mark === "function") performance.mark(CONTACT_FORM_READY_MARK)
  }, [ready])

  const update = (field: keyof Fields) => (value: string) => setFields((current) => ({ ...current, [field]: value }))

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (submitting) return
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
      setFields(EMPTY)
      notify(texts, "success")
    } catch (error) {
      console.error(error)
      notify(texts, "failure")
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <form ref={form} onSubmit={submit} noValidate aria-label={texts["form.label"]} sx={{ display: "grid", gap: 5, position: "relative" }}>
      <FormField id="name" label={texts["form.name"]} value={fields.name} onChange={update("name")} error={messageOf(texts, errors.name)} autoComplete="name" inputRef={inputs.name} />
      <FormField id="email" label={texts["form.email"]} type="email" value={fields.email} onChange={update("email")} error={messageOf(texts, errors.email)} autoComplete="email" inputRef={inputs.email} />
      <FormField id="message" label={texts["form.message"]} multiline value={fields.message} onChange={update("message")} error={messageOf(texts, errors.message)} inputRef={inputs.message} />
      <Honeypot value={fields.city} onChange={update("city")} />
      <button type="submit" disabled={!ready || submitting} aria-busy={submitting} sx={{ variant: "buttons.primary", justifySelf: "start", minWidth: 140 }}>
        {submitting ? texts["form.sending"] : texts["form.send"]}
      </button>
    </form>
  )
}
