/** The performance mark the contact form sets once it has taken over from the server-rendered HTML and 'Send' works. */
export const CONTACT_FORM_READY_MARK = "contact-form-ready"
