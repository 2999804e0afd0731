import { act, screen, waitFor, within } from "@testing-library/react"
import { renderToString } from "react-dom/server"
import userEvent from "@testing-library/user-event"
import type { PageProps } from "gatsby"
import ContactPage from "../../pages/contact"
import { renderWithTheme, WithTheme } from "../../../test/support/render-with-theme"
import { loadToastify } from "../load-toastify"

const fetchMock = jest.fn()
/** The part of a fetch Response the form reads (jsdom has no Response of its own). */
const answer = (status: number, text: string) => ({
  ok: status >= 200 && status < 300,
  status,
  statusText: "",
  json: async () => JSON.parse(text) as unknown,
})
const ok = () => Promise.resolve(answer(201, '{"ok":true}'))

function renderContactPage() {
  renderWithTheme(<ContactPage {...({ location: { pathname: "/contact" } } as PageProps)} />)
  return userEvent.setup()
}

const sentBody = (call = 0) => JSON.parse(fetchMock.mock.calls[call][1].body as string)

async function fillAndSend(
  user: ReturnType<typeof userEvent.setup>,
  values = { name: "Ana", email: "ana@example.com", message: "Hola" },
) {
  await user.type(screen.getByLabelText("Name"), values.name)
  await user.type(screen.getByLabelText("Email"), values.email)
  if (values.message) await user.type(screen.getByLabelText("Message"), values.message)
  await user.click(screen.getByRole("button", { name: "Send" }))
}

beforeEach(() => {
  fetchMock.mockReset()
  global.fetch = fetchMock
  window.history.replaceState({}, "", "/contact")
})

afterEach(async () => {
  // A toast of an answer that arrives as a test ends would wait in react-toastify's queue and show in the next test's container.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
  ;(await loadToastify()).toast.dismiss()
})

describe("the contact form's fields", () => {
  it("has the title, the labelled Name, Email and Message fields and a 'Send' button", () => {
    renderContactPage()
    expect(screen.getByRole("heading", { level: 1, name: "Contact us" })).toBeInTheDocument()
    expect(screen.getByRole("textbox", { name: "Name" })).toBeInTheDocument()
    expect(screen.getByRole("textbox", { name: "Email" })).toBeInTheDocument()
    expect(screen.getByRole("textbox", { name: "Message" }).tagName).toBe("TEXTAREA")
    expect(screen.getByRole("button", { name: "Send" })).toBeEnabled()
  })

  it("keeps the honeypot city off-screen, out of the tab order, without autocomplete and hidden from assistive technology", () => {
    renderContactPage()
    expect(screen.queryByRole("textbox", { name: "City" })).not.toBeInTheDocument()
    const city = document.querySelector<HTMLInputElement>('input[name="city"]')!
    expect(city).toHaveAttribute("tabindex", "-1")
    expect(city).toHaveAttribute("autocomplete", "off")
    expect(city.closest('[aria-hidden="true"]')).not.toBeNull()
  })
})

describe("the contact form's validation", () => {
  it("shows 'Name is required' and 'Email is required' under empty fields and sends nothing", async () => {
    const user = renderContactPage()
    await user.click(screen.getByRole("button", { name: "Send" }))
    const name = screen.getByRole("textbox", { name: "Name" })
    const email = screen.getByRole("textbox", { name: "Email" })
    expect(name).toHaveAttribute("aria-invalid", "true")
    expect(name).toHaveAccessibleDescription("Name is required")
    expect(email).toHaveAccessibleDescription("Email is required")
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("treats a name of spaces as missing", async () => {
    const user = renderContactPage()
    await fillAndSend(user, { name: "   ", email: "ana@example.com", message: "" })
    expect(screen.getByText("Name is required")).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it.each(["ana@example", "ana example.com", "@example.com", "ana@.com x"])(
    "shows 'Email is invalid' for %s and sends nothing",
    async (address) => {
      const user = renderContactPage()
      await fillAndSend(user, { name: "Ana", email: address, message: "" })
      expect(screen.getByRole("textbox", { name: "Email" })).toHaveAccessibleDescription("Email is invalid")
      expect(fetchMock).not.toHaveBeenCalled()
    },
  )

  it("shows under the field what the server would refuse too: a pasted control character, an invisible one in the address, a message over 5,000 characters", async () => {
    const user = renderContactPage()
    await user.click(screen.getByLabelText("Name"))
    await user.paste("Ana\u001b[2J")
    await user.click(screen.getByLabelText("Email"))
    await user.paste("ana\u200B@example.com")
    await user.click(screen.getByLabelText("Message"))
    await user.paste("x".repeat(5001))
    await user.click(screen.getByRole("button", { name: "Send" }))
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveAccessibleDescription(
      "Name contains a character that is not allowed",
    )
    expect(screen.getByRole("textbox", { name: "Email" })).toHaveAccessibleDescription("Email is invalid")
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveAccessibleDescription(
      "Message must be at most 5000 characters",
    )
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveFocus()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("recalculates the errors on every submit attempt", async () => {
    fetchMock.mockImplementation(ok)
    const user = renderContactPage()
    await user.click(screen.getByRole("button", { name: "Send" }))
    await user.type(screen.getByLabelText("Name"), "Ana")
    await user.click(screen.getByRole("button", { name: "Send" }))
    expect(screen.queryByText("Name is required")).not.toBeInTheDocument()
    expect(screen.getByText("Email is required")).toBeInTheDocument()
    await user.type(screen.getByLabelText("Email"), "ana@example.com")
    await user.click(screen.getByRole("button", { name: "Send" }))
    expect(screen.queryByText("Email is required")).not.toBeInTheDocument()
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
  })

  it("does not judge the honeypot: a filled city is sent as it is", async () => {
    fetchMock.mockImplementation(ok)
    const user = renderContactPage()
    const city = document.querySelector<HTMLInputElement>('input[name="city"]')!
    await user.type(city, "Springfield")
    await fillAndSend(user)
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    expect(sentBody().city).toBe("Springfield")
  })
})

describe("sending the contact form", () => {
  it("posts the entry as JSON to /api/waitlist with all fifteen metadata fields", async () => {
    fetchMock.mockImplementation(ok)
    window.history.replaceState({}, "", "/contact?utm_source=newsletter&utm_campaign=launch&ref=friend")
    const user = renderContactPage()
    await fillAndSend(user)
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    const [url, init] = fetchMock.mock.calls[0]
    expect(url).toBe("/api/waitlist")
    expect(init.method).toBe("POST")
    expect(init.headers).toEqual({ "Content-Type": "application/json" })
    const body = sentBody()
    expect(Object.keys(body).sort()).toEqual(["city", "email", "message", "metadata", "name"])
    expect(body).toMatchObject({ name: "Ana", email: "ana@example.com", message: "Hola", city: "" })
    expect(Object.keys(body.metadata).sort()).toEqual(
      [
        "userAgent",
        "platform",
        "vendor",
        "language",
        "languages",
        "screenResolution",
        "windowResolution",
        "pixelRatio",
        "timezone",
        "timezoneOffset",
        "timestamp",
        "connectionType",
        "referrer",
        "previousPage",
        "utm",
        "locale",
        "referral",
      ].sort(),
    )
    // The page's language, so the mails to the visitor speak it (jsdom's page has no lang: English).
    expect(body.metadata.locale).toBe("en")
    // `ref=friend` is no personal code, so the visit came through no personal link.
    expect(body.metadata.referral).toBeNull()
    expect(body.metadata.utm).toEqual({ utm_source: "newsletter", utm_campaign: "launch", ref: "friend" })
    expect(body.metadata.screenResolution).toMatch(/^\d+x\d+$/)
    expect(body.metadata.windowResolution).toBe(`${window.innerWidth}x${window.innerHeight}`)
    expect(body.metadata.connectionType).toBeNull()
    expect(body.metadata.userAgent).toBe(navigator.userAgent)
  })

  it("refreshes the timestamp at submit", async () => {
    fetchMock.mockImplementation(ok)
    const user = renderContactPage()
    const before = Date.now()
    await new Promise((resolve) => setTimeout(resolve, 20))
    await fillAndSend(user)
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    expect(Date.parse(sentBody().metadata.timestamp)).toBeGreaterThan(before + 15)
  })

  it("shows the submitting state and cannot be sent twice while in flight", async () => {
    let respond: (response: ReturnType<typeof answer>) => void = () => undefined
    fetchMock.mockImplementation(() => new Promise((resolve) => (respond = resolve)))
    const user = renderContactPage()
    await fillAndSend(user)
    const busy = screen.getByRole("button", { name: "Sending…" })
    expect(busy).toBeDisabled()
    await user.click(busy)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await act(async () => respond(answer(200, "{}")))
    expect(await screen.findByRole("button", { name: "Send" })).toBeEnabled()
  })

  it("on success clears the fields, keeps the metadata and shows 'Message sent!'", async () => {
    fetchMock.mockImplementation(ok)
    window.history.replaceState({}, "", "/contact?utm_source=store")
    const user = renderContactPage()
    await fillAndSend(user)
    expect(await screen.findByText("Message sent!")).toBeInTheDocument()
    expect(screen.getByText("We'll get back to you as soon as possible.")).toBeInTheDocument()
    expect(screen.getByLabelText("Name")).toHaveValue("")
    expect(screen.getByLabelText("Email")).toHaveValue("")
    expect(screen.getByLabelText("Message")).toHaveValue("")
    expect(document.querySelector('input[name="city"]')).toHaveValue("")
    window.history.replaceState({}, "", "/contact?utm_source=elsewhere")
    await fillAndSend(user, { name: "Bo", email: "bo@example.com", message: "" })
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2))
    const { timestamp: _first, ...first } = sentBody(0).metadata
    const { timestamp: _second, ...second } = sentBody(1).metadata
    expect(second).toEqual(first)
    expect(second.utm).toEqual({ utm_source: "store" })
  })

  it("beside the toast, says in a polite live region that stays that a link went to the address typed", async () => {
    fetchMock.mockImplementation(ok)
    const user = renderContactPage()
    const note = screen.getByRole("status")
    expect(note).toHaveTextContent(/^$/)
    await fillAndSend(user, { name: "Ana", email: "  ana@example.com ", message: "" })
    await waitFor(() =>
      expect(note).toHaveTextContent(
        "Check your inbox: we sent a link to ana@example.com. Opening it confirms your place in line.",
      ),
    )
    expect(within(note).getByText("ana@example.com").tagName).toBe("STRONG")
    // A later attempt that fails keeps the note of the sign-up that worked.
    fetchMock.mockImplementation(() => Promise.reject(new TypeError("Failed to fetch")))
    const logged = jest.spyOn(console, "error").mockImplementation(() => undefined)
    await fillAndSend(user, { name: "Ana", email: "other@example.com", message: "" })
    expect(await screen.findByText("An error occurred.")).toBeInTheDocument()
    expect(note).toHaveTextContent("we sent a link to ana@example.com")
    logged.mockRestore()
  })

  it.each([
    ["a non-OK answer", () => Promise.resolve(answer(503, '{"error":"x"}'))],
    ["a network failure", () => Promise.reject(new TypeError("Failed to fetch"))],
    ["an answer that is not JSON", () => Promise.resolve(answer(200, "<html>"))],
  ])("on %s keeps the fields, shows 'An error occurred.' and logs the error", async (_, failure) => {
    fetchMock.mockImplementation(failure)
    const logged = jest.spyOn(console, "error").mockImplementation(() => undefined)
    const user = renderContactPage()
    await fillAndSend(user)
    expect(await screen.findByText("An error occurred.")).toBeInTheDocument()
    expect(screen.getByText("Unable to send your message. Please try again later.")).toBeInTheDocument()
    expect(screen.getByLabelText("Name")).toHaveValue("Ana")
    expect(screen.getByLabelText("Email")).toHaveValue("ana@example.com")
    expect(screen.getByLabelText("Message")).toHaveValue("Hola")
    expect(logged).toHaveBeenCalledWith(expect.any(Error))
    logged.mockRestore()
  })

  it("gives each toast a close button", async () => {
    fetchMock.mockImplementation(ok)
    const user = renderContactPage()
    await fillAndSend(user)
    const toast = (await screen.findByText("Message sent!")).closest<HTMLElement>(".Toastify__toast")!
    expect(within(toast).getByRole("button", { name: /close/i })).toBeInTheDocument()
  })

  it.each([
    ["the site's dark mode", null, "dark"],
    ["the light mode a visitor chose with the header's toggle, as Theme UI records it", "light", "light"],
  ])("themes its toasts in %s", async (_, stored, theme) => {
    if (stored) localStorage.setItem("theme-ui-color-mode", stored)
    try {
      fetchMock.mockImplementation(ok)
      const user = renderContactPage()
      await fillAndSend(user)
      const toast = (await screen.findByText("Message sent!")).closest(".Toastify__toast")
      expect(toast).toHaveClass(`Toastify__toast-theme--${theme}`)
    } finally {
      localStorage.clear()
    }
  })
})

/** The contact page as the build writes it: HTML that no script has touched yet. */
function serverRenderedContactPage() {
  const page = <ContactPage {...({ location: { pathname: "/contact" } } as PageProps)} />
  // Theme UI's color-mode provider warns that a layout effect cannot run on the server; the build accepts that.
  const quiet = jest.spyOn(console, "error").mockImplementation(() => undefined)
  const container = document.createElement("div")
  container.innerHTML = renderToString(<WithTheme>{page}</WithTheme>)
  quiet.mockRestore()
  document.body.appendChild(container)
  return { page, container }
}

describe("the contact form before its script runs", () => {
  afterEach(() => {
    document.body.innerHTML = ""
  })

  it("keeps 'Send' disabled in the server-rendered page, so nothing is submitted the old way", () => {
    serverRenderedContactPage()
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled()
  })

  it("keeps what the visitor typed before hydration, and sends it", async () => {
    fetchMock.mockImplementation(ok)
    const { page, container } = serverRenderedContactPage()
    const typeEarly = (id: string, value: string) => {
      container.querySelector<HTMLInputElement>(`#${id}`)!.value = value
    }
    typeEarly("name", "Ana")
    typeEarly("email", "ana@example.com")
    typeEarly("message", "Typed on a slow train")
    renderWithTheme(page, { container, hydrate: true })
    expect(screen.getByLabelText("Name")).toHaveValue("Ana")
    await userEvent.click(screen.getByRole("button", { name: "Send" }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    expect(sentBody()).toMatchObject({ name: "Ana", email: "ana@example.com", message: "Typed on a slow train" })
  })
})
