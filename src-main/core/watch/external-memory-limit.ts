// How V8 counts the memory of the socket's reads. Every read of a watch or list response is a new
// ArrayBuffer (Node's HTTP client, 64 KB a read): memory outside the JS heap, garbage as soon as
// its lines are read, freed only by a collection. V8 13.6 (Node 24, Electron 36 and newer) raised
// the young generation's largest size on desktop from 8 to 32 MB (`scavenger_max_new_space_
// capacity_mb`), and with it the young ArrayBuffers' bytes that start a cheap scavenge, from
// 32 MB to 128 MB: above the fixed 64 MB of external memory that starts a full marking. So a
// process that reads fast and allocates little on its heap (this core: the objects stay bytes)
// frees its reads by full mark-compacts, marked on V8's threads beside the reader (in the ingest
// bench, 12 of a round's 15 markings; nodejs/node#61967 and #63863). The flag below counts that
// memory in V8's global limit instead, and those reads go with the scavenges (said in
// nodejs/node#61967 to be V8's default since; not in Node 26.12 yet). Set once, when the first
// session's watches are made: a heuristic that V8 reads as it runs (set after start, it took
// effect: docs/adr/0006), and Electron's main process lets flags change after start (it passes
// `--no-freeze-flags-after-init`). Older V8 (Node 20 and 22) has no such flag.
import { setFlagsFromString } from 'node:v8'

export const EXTERNAL_MEMORY_FLAG = '--external-memory-accounted-in-global-limit'

/** Whether this V8 (process.versions.v8, "13.6.233.17-node.63") has the flag and needs it. */
export function needsExternalMemoryFlag(v8Version: string): boolean {
  const [major = 0, minor = 0] = v8Version.split('.').map(Number)
  return major > 13 || (major === 13 && minor >= 6)
}

let set = false

/** Whether this process set the flag (a session's watches were made on a V8 that needs it). */
export const externalMemoryFlagSet = (): boolean => set

/** Sets the flag once in this process where this V8 needs it; says whether it is set. */
export function accountExternalMemoryInGlobalLimit(): boolean {
  if (set) return true
  if (!needsExternalMemoryFlag(process.versions.v8)) return false
  setFlagsFromString(EXTERNAL_MEMORY_FLAG)
  set = true
  return true
}
