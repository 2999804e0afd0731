import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import type { PageProps } from "gatsby"
import PlacePage from "../../pages/waitlist/place"
import { LanguageProvider } from "../../i18n/language-context"
import type { LanguageCode } from "../../i18n/languages"
import { renderWithTheme } from "../../../test/support/render-with-theme"
import type { PlaceView, RewardLine } from "../../waitlist/place-view"

const fetchMock = jest.fn()
const SIGNED = "?code=k3T9xQ2a&sig=0123456789abcdef0123456789abcdef"
const ANA: PlaceView = {
  place: 21,
  credited: 0,
  pending: 0,
  boost: 5,
  link: "https://storyling.example.com/r/k3T9xQ2a",
  rewards: null,
}

/** Ana on a computer with three friends: the first tier earned, its code waiting for her store; the next tier two friends away. */
const PREMIUM: RewardLine = {
  title: "A month of Storyling Premium",
  paragraphs: ["Every story, free for a month."],
  state: "choose-store",
  code: null,
}
const ASKED: PlaceView = {
  ...ANA,
  credited: 3,
  pending: 1,
  rewards: { earned: [PREMIUM], next: { title: "A story named after you", more: 2 }, askStore: true },
}
const STORE_QUESTION = { name: "Which store should your code be for?" }

/** The part of a fetch Response the page reads (jsdom has no Response of its own). */
const answer = (status: number, body: unknown) =>
  Promise.resolve({ ok: status >= 200 && status < 300, status, json: async () => body })

function openPlacePage(lang: LanguageCode = "en", search = SIGNED) {
  const path = lang === "en" ? "/waitlist/place" : `/${lang}/waitlist/place`
  window.history.replaceState({}, "", `${path}${search}`)
  renderWithTheme(
    <LanguageProvider code={lang}>
      <PlacePage {...({ location: { pathname: path } } as PageProps)} />
    </LanguageProvider>,
  )
}

beforeEach(() => {
  fetchMock.mockReset()
  global.fetch = fetchMock
})

describe("the place page", () => {
  it("asks the API for the place of its signed link alone, and says it is looking until the answer comes", async () => {
    fetchMock.mockReturnValue(new Promise(() => undefined))
    openPlacePage()
    expect(screen.getByRole("heading", { level: 1, name: "Your place in line" })).toBeInTheDocument()
    expect(screen.getByText("Finding your place in line…")).toBeInTheDocument()
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    expect(fetchMock.mock.calls[0][0]).toBe(`/api/waitlist-place/data${SIGNED}&lang=en`)
  })

  it("shows the place, no friend yet, how friends move the person ahead, the personal link and its share links", async () => {
    fetchMock.mockReturnValue(answer(200, ANA))
    openPlacePage()
    expect(await screen.findByText("You're number 21 in line.")).toBeInTheDocument()
    expect(screen.getByText("No friend has joined through your link yet.")).toBeInTheDocument()
    expect(screen.queryByText(/pending/)).not.toBeInTheDocument()
    expect(
      screen.getByText(
        "Each friend who signs up through your link and confirms their address moves you 5 places ahead.",
      ),
    ).toBeInTheDocument()
    const link = screen.getByRole("textbox", { name: "Your personal link" })
    expect(link).toHaveValue(ANA.link)
    expect(link).toHaveAttribute("readonly")
    expect(link).toHaveAccessibleDescription("Select it and copy it to send it to your friends.")
    const share = within(screen.getByRole("list", { name: "Share it" }))
      .getAllByRole("link")
      .map((a) => [a.textContent, a.getAttribute("href")?.split("?")[0], a.getAttribute("target")])
    expect(share).toEqual([
      ["By mail", "mailto:", "_blank"],
      ["WhatsApp", "https://wa.me/", "_blank"],
      ["X", "https://x.com/intent/post", "_blank"],
    ])
    const whatsApp = screen.getByRole("link", { name: "WhatsApp" }).getAttribute("href") ?? ""
    expect(new URL(whatsApp).searchParams.get("text")).toBe(
      `I'm on the waitlist of Storyling, an app that teaches a new language one story at a time. Join me: ${ANA.link}`,
    )
  })

  it("counts one friend and several pending ones in the sentences of the language", async () => {
    fetchMock.mockReturnValue(answer(200, { ...ANA, credited: 1, pending: 2 }))
    openPlacePage()
    expect(await screen.findByText("1 friend joined through your link.")).toBeInTheDocument()
    expect(screen.getByText("2 more signed up and are still pending.")).toBeInTheDocument()
  })

  it("keeps the person's place when they switched language before the page gave its links their signed link", async () => {
    fetchMock.mockReturnValue(answer(200, ANA))
    const referrer = jest
      .spyOn(document, "referrer", "get")
      .mockReturnValue(`${window.location.origin}/waitlist/place${SIGNED}`)
    try {
      openPlacePage("ja", "")
      expect(await screen.findByText("あなたは21番目です。")).toBeInTheDocument()
      expect(fetchMock.mock.calls[0][0]).toBe(`/api/waitlist-place/data${SIGNED}&lang=ja`)
      expect(`${window.location.pathname}${window.location.search}`).toBe(`/ja/waitlist/place${SIGNED}`)
    } finally {
      referrer.mockRestore()
    }
  })

  it("speaks Japanese on the Japanese page, where LINE is a share link too", async () => {
    fetchMock.mockReturnValue(answer(200, { ...ANA, credited: 1, pending: 1 }))
    openPlacePage("ja")
    expect(await screen.findByText("あなたは21番目です。")).toBeInTheDocument()
    expect(screen.getByText("あなたのリンクから1人の友だちが参加しました。")).toBeInTheDocument()
    expect(screen.getByText("ほかに1人が登録し、確認を待っています。")).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "LINE" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^https:\/\/line\.me\/R\/share\?text=/),
    )
  })

  it("shows a reward on its way, the next tier, and asks a person on a computer for their store: posted, then the code shows", async () => {
    const paid: PlaceView = {
      ...ASKED,
      rewards: {
        earned: [
          {
            ...PREMIUM,
            state: "yours",
            code: {
              value: "PLAYCODE00042",
              store: "android",
              redeemUrl: "https://play.google.com/redeem?code=PLAYCODE00042",
            },
          },
        ],
        next: { title: "A story named after you", more: 2 },
        askStore: false,
      },
    }
    fetchMock
      .mockReturnValueOnce(answer(200, ASKED))
      .mockReturnValueOnce(answer(200, { platform: "android" }))
      .mockReturnValueOnce(answer(200, paid))
    openPlacePage()
    expect(await screen.findByRole("heading", { level: 2, name: "Your rewards" })).toBeInTheDocument()
    expect(screen.getByRole("heading", { level: 3, name: "A month of Storyling Premium" })).toBeInTheDocument()
    expect(screen.getByText("Every story, free for a month.")).toBeInTheDocument()
    expect(screen.getByText("It's on its way: we'll mail it to you as soon as it's ready.")).toBeInTheDocument()
    expect(screen.getByText("1 more signed up and is still pending.")).toBeInTheDocument()
    expect(screen.getByText("2 more friends and A story named after you is yours.")).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(within(screen.getByRole("group", STORE_QUESTION)).getByLabelText("Google Play (Android)"))
    await user.click(screen.getByRole("button", { name: "Send me my code" }))
    expect(await screen.findByText("PLAYCODE00042")).toBeInTheDocument()
    expect(fetchMock.mock.calls[1]).toEqual([
      `/api/waitlist-place/store${SIGNED}`,
      expect.objectContaining({ method: "POST", body: JSON.stringify({ platform: "android" }) }),
    ])
    expect(screen.getByText("Your code for Google Play")).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Redeem it in the store" })).toHaveAttribute(
      "href",
      "https://play.google.com/redeem?code=PLAYCODE00042",
    )
    expect(screen.queryByRole("group", STORE_QUESTION)).not.toBeInTheDocument()
  })

  it("says so when the store could not be saved, and keeps asking", async () => {
    fetchMock.mockReturnValueOnce(answer(200, ASKED)).mockReturnValueOnce(answer(503, { error: "unavailable" }))
    openPlacePage()
    const user = userEvent.setup()
    await user.click(
      within(await screen.findByRole("group", STORE_QUESTION)).getByLabelText("App Store (iPhone, iPad)"),
    )
    await user.click(screen.getByRole("button", { name: "Send me my code" }))
    expect(
      await screen.findByText("Your store could not be saved just now. Please try again in a moment."),
    ).toHaveAttribute("role", "alert")
    expect(screen.getByRole("group", STORE_QUESTION)).toBeInTheDocument()
  })

  it("says the place cannot be shown now when the API fails or cannot be reached", async () => {
    fetchMock.mockReturnValueOnce(answer(503, { error: "unavailable" }))
    openPlacePage()
    expect(
      await screen.findByText("Your place could not be shown just now. Please try again in a moment."),
    ).toBeInTheDocument()
  })

  it("keeps the person on their page when they choose another language: each language link carries the signed link", async () => {
    fetchMock.mockReturnValue(answer(200, ANA))
    openPlacePage("es")
    await screen.findByText("Eres el número 21 de la fila.")
    const languages = within(screen.getByRole("navigation", { name: /idioma/i }))
    expect(languages.getByRole("link", { name: "Deutsch" })).toHaveAttribute("href", `/de/waitlist/place${SIGNED}`)
    expect(languages.getByRole("link", { name: "English" })).toHaveAttribute("href", `/waitlist/place${SIGNED}`)
  })
})
