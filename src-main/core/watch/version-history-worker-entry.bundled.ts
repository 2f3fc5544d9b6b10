/// <reference types="electron-vite/node" />
// The built app's and CLI's version-history worker: electron-vite bundles the module named with
// `?modulePath` as a file of its own (out/main/chunks) and gives its path (electron.vite.config.ts
// puts this module in place of version-history-worker-entry.ts).
import file from './version-history-worker?modulePath'
import type { WorkerEntry } from './version-history-worker-entry'

export function versionHistoryWorkerEntry(): WorkerEntry {
  return { script: file, eval: false }
}
