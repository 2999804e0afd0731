/**
 * The worker thread of the password strength check (see password-checker.ts):
 * loads the dictionaries once, then answers each `{id, password, userInputs}`
 * with `{id, problem}`, one at a time.
 */
import { parentPort } from "worker_threads"
import { loadStrengthCheck, strengthProblem } from "./password-strength"

type Asked = { id: number; password: string; userInputs: string[] }

loadStrengthCheck()
parentPort?.on("message", ({ id, password, userInputs }: Asked) => {
  parentPort?.postMessage({ id, problem: strengthProblem(password, userInputs) })
})
parentPort?.postMessage({ ready: true })
