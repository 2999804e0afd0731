/** The performance mark the contact form sets once it has taken over from the server-rendered HTML and 'Send' works. */
export const CONTACT_FORM_READY_MARK = "contact-form-ready"

/** The element the contact form's island hydrates (src/islands/contact-form.client.tsx), which the tests find it by. */
export const CONTACT_FORM_ISLAND_ID = "contact-form-island"

/** The element the admin's island hydrates (src/islands/admin.client.tsx), holding the page's name in `data-page`. */
export const ADMIN_ISLAND_ID = "admin-app"

/** The element the place page's island renders into (src/islands/place.client.tsx). */
export const PLACE_ISLAND_ID = "place-island"

/** The performance mark the place page's island sets once the API has answered and the page shows what it said. */
export const PLACE_READY_MARK = "place-ready"
