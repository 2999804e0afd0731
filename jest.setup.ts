import "@testing-library/jest-dom"
import { TextDecoder, TextEncoder } from "util"

// jsdom lacks the encoders that React's server renderer needs, for the tests
// that render a page to HTML the way the build does before hydrating it.
Object.assign(globalThis, { TextEncoder, TextDecoder })
