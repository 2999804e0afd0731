import { useEffect, useState } from "react"
import { callApi } from "./api-client"

/** What a GET of the admin's API gave: nothing yet, its data, or its error. */
export type Loaded<T> = { state: "loading" } | { state: "done"; data: T } | { state: "failed"; error: string }

/** Reads a route of the admin's API whenever its path changes (a new page, a new search). */
export function useAdminData<T>(path: string | null): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: "loading" })
  useEffect(() => {
    if (path === null) return
    let current = true
    setLoaded({ state: "loading" })
    void callApi<T>("GET", path).then((answer) => {
      if (current)
        setLoaded(
          answer.data !== null ? { state: "done", data: answer.data } : { state: "failed", error: answer.error ?? "" },
        )
    })
    return () => {
      current = false
    }
  }, [path])
  return loaded
}
