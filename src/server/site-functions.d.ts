/**
 * The Functions of src/api, by route: a module the server's build makes
 * (src/build/bundle-server.ts), since every file there is a Function.
 */
declare module "virtual:site-functions" {
  import type { FunctionModule } from "./function-route"
  export const functions: Map<string, FunctionModule>
}
