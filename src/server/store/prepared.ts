/**
 * Queries built with Kysely once, run many times with new values.
 *
 * Why: Kysely builds and compiles a query's tree on every call, about
 * 30 µs a statement here, which on a sign-up of five to seven statements
 * cost more than the whole rest of the request. A prepared query is built
 * once with named placeholders, compiled by the dialect of its database,
 * and each run only puts the values in place, and runs through its
 * dialect's `execute`. The dialect module's statement cache then spares
 * SQLite a second `prepare` of the same text.
 */
import { CompiledQuery, type Compilable, type QueryResult } from "kysely"

/** Stands for a value given when the query runs. */
class Placeholder {
  constructor(readonly name: string) {}
}

/** Something a query can run on: the database, or a transaction of it. */
export type Executor = { executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> }

export type PreparedQuery<Values, Row> = {
  /** Runs the query with these values on the database or a transaction. */
  run(on: Executor, values: Values): Promise<QueryResult<Row>>
  /** The query's text, as its database runs it. */
  readonly sql: string
}

/** How a database runs a compiled query (see StoreDialect's execute). */
export type RunCompiled = <R>(on: Executor, query: CompiledQuery<R>) => Promise<QueryResult<R>>

/**
 * The `prepare` of a database, whose queries run through `execute`:
 * `prepare(build)` builds a query once; `build` receives `value(name)`,
 * which stands for the value of that name in every run, typed as that value.
 */
export function preparer(execute: RunCompiled) {
  return function prepare<Values extends Record<string, unknown>, Row>(
    build: (value: <K extends keyof Values & string>(name: K) => Values[K]) => Compilable<Row>,
  ): PreparedQuery<Values, Row> {
    const { sql, query, queryId, parameters: fixed } = build((name) => new Placeholder(name) as never).compile()
    const slots = fixed.map((parameter) => (parameter instanceof Placeholder ? parameter.name : null))
    return {
      sql,
      run: (on, values) => {
        const parameters = new Array<unknown>(slots.length)
        for (let i = 0; i < slots.length; i++) {
          const name = slots[i]
          parameters[i] = name === null || name === undefined ? fixed[i] : values[name]
        }
        return execute<Row>(on, { sql, query, queryId, parameters } as CompiledQuery<Row>)
      },
    }
  }
}
