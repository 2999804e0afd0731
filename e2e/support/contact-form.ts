import { expect, type Locator, type Page, type Request } from "@playwright/test"

/** The contact form's parts, found by their labels and names as a visitor finds them. */
export function contactForm(page: Page) {
  const form = page.getByRole("form", { name: "Contact us" })
  return {
    form,
    name: form.getByLabel("Name", { exact: true }),
    email: form.getByLabel("Email", { exact: true }),
    message: form.getByLabel("Message", { exact: true }),
    send: form.getByRole("button", { name: "Send", exact: true }),
    sending: form.getByRole("button", { name: "Sending…", exact: true }),
    /** The honeypot is hidden from assistive technology, so only its spec'd name finds it. */
    honeypot: form.locator('input[name="city"]'),
  }
}

/** Fills the visible fields; a key left out stays as it is. */
export async function fillContact(page: Page, values: { name?: string; email?: string; message?: string }) {
  const fields = contactForm(page)
  if (values.name !== undefined) await fields.name.fill(values.name)
  if (values.email !== undefined) await fields.email.fill(values.email)
  if (values.message !== undefined) await fields.message.fill(values.message)
}

const isWaitlistPost = (request: Request) =>
  request.method() === "POST" && new URL(request.url()).pathname === "/api/waitlist"

/** Records every POST to /api/waitlist the page makes from now on. */
export function recordWaitlistPosts(page: Page): Request[] {
  const posts: Request[] = []
  page.on("request", (request) => {
    if (isWaitlistPost(request)) posts.push(request)
  })
  return posts
}

/** Resolves with the next POST to /api/waitlist. */
export const nextWaitlistPost = (page: Page) => page.waitForRequest(isWaitlistPost)

/** An address no other test uses, so its entry can be found in the store. */
export const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

/** The toast with this title, as screen readers get it (react-toastify gives toasts role alert). */
export const toast = (page: Page, title: string): Locator => page.getByRole("alert").filter({ hasText: title })

/**
 * Checks that a field shows this error right under it, tied to it as its
 * description so a screen reader reads it with the field.
 */
export async function expectErrorUnder(page: Page, field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAccessibleDescription(message)
  const error = page.getByText(message, { exact: true })
  await expect(error).toBeVisible()
  const fieldBox = await field.boundingBox()
  const errorBox = await error.boundingBox()
  if (!fieldBox || !errorBox) throw new Error(`'${message}' or its field has no box`)
  const gap = errorBox.y - (fieldBox.y + fieldBox.height)
  expect(gap, `'${message}' starts ${gap} px below its field`).toBeGreaterThanOrEqual(0)
  expect(gap, `'${message}' starts ${gap} px below its field`).toBeLessThan(24)
  expect(Math.abs(errorBox.x - fieldBox.x), `'${message}' is aligned with its field`).toBeLessThan(2)
}
