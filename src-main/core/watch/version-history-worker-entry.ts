// Where the version-history worker's code is, for `new Worker()`, when main code runs from its
// TypeScript source (vitest, and tsx for the scripts): the .ts file next to this one, required
// through tsx's CommonJS hook inside the worker (Node 20 does not apply an `--import` loader given
// in a worker's execArgv to the worker's own entry). The built app and CLI use
// version-history-worker-entry.bundled.ts instead (electron.vite.config.ts aliases this module to
// it): the worker the build emitted as a file of its own.
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

export interface WorkerEntry {
  /** A file, or (with `eval`) the code that loads it. */
  script: string
  eval: boolean
}

export function versionHistoryWorkerEntry(): WorkerEntry {
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api')
  const file = fileURLToPath(new URL('./version-history-worker.ts', import.meta.url))
  return {
    script: `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(file)})`,
    eval: true,
  }
}
