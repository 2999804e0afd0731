import { Component, type ErrorInfo, type ReactNode } from "react"

type ErrorBoundaryProps = { children: ReactNode; fallback: (message: string) => ReactNode }
type ErrorBoundaryState = { message: string | null }

/** Catches a render error below it and shows the fallback with the error's message. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { message: null }

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { message: error instanceof Error && error.message ? error.message : String(error) }
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack)
  }

  render() {
    return this.state.message === null ? this.props.children : this.props.fallback(this.state.message)
  }
}
