/**
 * The part of React's API the islands' own modules use, on Preact's core:
 * what the islands' bundle (src/build/bundle-islands.ts) gives our code for
 * "react" and "react-dom/client". Packages written for React (react-toastify)
 * get preact/compat, the whole API, and it loads with them: a page loads
 * Preact's core and hooks at start, and compat only with the toasts.
 * A name our code imports that is missing here fails the islands' build.
 * What compat alone gives, such as `onChange` firing on every keystroke, the
 * islands' code does not use (the bundle's test reads it for that).
 */
import { hydrate, type ComponentChild } from "preact"

export { Component, Fragment, createContext, createElement, createRef } from "preact"
export {
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "preact/hooks"

/** React 18's `hydrateRoot`, as Preact's `hydrate`: takes over the server-rendered HTML inside `container`. */
export function hydrateRoot(container: Element, children: ComponentChild): void {
  hydrate(children, container)
}
