import { normalizeEmail, type NewWaitlistEntry, type WaitlistStore } from "../waitlist/waitlist-store"

/** How a behaviour suite reaches one kind of store. */
export type StoreFactory = {
  /** A new, empty place for a store (a file path or a database URL). */
  newLocation: () => Promise<string>
  /** Opens the store at a place, as the server and the CLI do. */
  open: (location: string) => WaitlistStore
}

const ana: NewWaitlistEntry = {
  name: "Ana",
  email: "ana@example.com",
  message: "Hola",
  metadata: { language: "es", utm: { source: "newsletter" } },
}

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The behaviour every WaitlistStore must have, run by each store's test file
 * against a real database: saving, one entry per address, removal, reopening
 * and concurrent saves.
 */
export function describeWaitlistStoreBehaviour({ newLocation, open }: StoreFactory): void {
  let opened: WaitlistStore[] = []
  const openNew = async () => {
    const location = await newLocation()
    const reopen = () => {
      const store = open(location)
      opened.push(store)
      return store
    }
    return { store: reopen(), reopen }
  }

  afterEach(async () => {
    await Promise.all(opened.map((store) => store.close().catch(() => undefined)))
    opened = []
  })

  it("counts and lists the entries it saved, oldest first, exactly as given", async () => {
    const { store } = await openNew()
    const bob = { name: "Bob \u{1F600}", email: "bob@example.org", message: 'Line 1\nLine "2", ok', metadata: {} }
    await store.save(ana)
    await pause(5)
    await store.save(bob)
    expect(await store.count()).toBe(2)
    const entries = await store.list()
    expect(entries.map(({ name, email, message, metadata }) => ({ name, email, message, metadata }))).toEqual([ana, bob])
    for (const entry of entries) {
      expect(entry.createdAt).toMatch(ISO_TIME)
      expect(entry.updatedAt).toBe(entry.createdAt)
    }
  })

  it("keeps one entry for an address written in another case and with spaces around it, with the newest details and the first created time", async () => {
    const { store } = await openNew()
    await store.save(ana)
    const [first] = await store.list()
    await pause(20)
    await store.save({ name: "Ana B", email: "  ANA@Example.COM ", message: "Second try", metadata: { language: "pt" } })
    expect(await store.count()).toBe(1)
    const [entry] = await store.list()
    expect(entry).toMatchObject({ name: "Ana B", message: "Second try", metadata: { language: "pt" } })
    expect(normalizeEmail(entry?.email ?? "")).toBe("ana@example.com")
    expect(entry?.createdAt).toBe(first?.createdAt)
    expect(Date.parse(entry?.updatedAt ?? "")).toBeGreaterThan(Date.parse(first?.createdAt ?? ""))
  })

  it("removes the entry of an address given in any case, then finds nothing more to remove", async () => {
    const { store } = await openNew()
    await store.save(ana)
    await store.save({ ...ana, email: "carla@example.com" })
    expect(await store.remove(" ANA@EXAMPLE.COM")).toBe(1)
    expect(await store.remove("ana@example.com")).toBe(0)
    expect((await store.list()).map((entry) => entry.email)).toEqual(["carla@example.com"])
  })

  it("keeps its entries when opened again, and goes on saving", async () => {
    const { store, reopen } = await openNew()
    await store.save(ana)
    await store.close()
    const again = reopen()
    expect((await again.list()).map((entry) => entry.email)).toEqual(["ana@example.com"])
    await again.save({ ...ana, email: "dan@example.com" })
    expect(await again.count()).toBe(2)
  })

  it("stores every one of 300 concurrent saves of distinct addresses", async () => {
    const { store } = await openNew()
    const emails = Array.from({ length: 300 }, (_, i) => `person${i}@example.com`)
    await Promise.all(emails.map((email, i) => store.save({ ...ana, name: `Person ${i}`, email })))
    expect(await store.count()).toBe(300)
    expect(new Set((await store.list()).map((entry) => entry.email))).toEqual(new Set(emails))
  })
}
