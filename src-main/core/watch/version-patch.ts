// Successive versions of an object, kept compactly: a version is stored as the changes from the
// one before, encoded as one short JSON string; every KEYFRAME_EVERY versions a whole copy bounds
// the work of rebuilding any version. The diff is written for JSON values and allocates nothing
// for unchanged fields. The version history's worker thread (version-history-worker.ts,
// docs/adr/0006) makes its own patcher from the factory; the main thread uses the one below.
import type { FieldChange } from '@common/watch-types'

type Json = Record<string, unknown> | unknown[]

export interface VersionPatcher {
  KEYFRAME_EVERY: number
  pointerOf(path: (string | number)[]): string
  /** [op, pointer, value, ...] with op 0 = replace, 1 = add, 2 = remove (removals ascending). */
  diffFlat(before: Json, after: Json): unknown[]
  encodePatch(before: Json, after: Json): string
  /** Applies an encoded patch to a clone of `base` (base itself is not touched). */
  applyPatch<T>(base: T, encoded: string): T
  valueAt(root: unknown, pointer: string): unknown
}

/** A patcher: what the worker thread and the main thread each use, with its keyframe spacing. */
export function createVersionPatcher(): VersionPatcher {
  const KEYFRAME_EVERY = 64
  const REPLACE = 0
  const ADD = 1
  const REMOVE = 2
  const escapeToken = (s: string | number) => String(s).replace(/~/g, '~0').replace(/\//g, '~1')
  const unescapeToken = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~')
  const pointerOf = (path: (string | number)[]) =>
    path.length === 0 ? '' : `/${path.map(escapeToken).join('/')}`

  function diffInto(a: unknown, b: unknown, path: (string | number)[], out: unknown[]): void {
    if (a === b) return
    if (
      typeof a !== 'object' ||
      typeof b !== 'object' ||
      a === null ||
      b === null ||
      Array.isArray(a) !== Array.isArray(b)
    ) {
      out.push(REPLACE, pointerOf(path), b)
      return
    }
    if (Array.isArray(a)) {
      const bb = b as unknown[]
      const common = Math.min(a.length, bb.length)
      for (let i = 0; i < common; i++) {
        if (a[i] === bb[i]) continue
        path.push(i)
        diffInto(a[i], bb[i], path, out)
        path.pop()
      }
      for (let i = common; i < bb.length; i++) out.push(ADD, pointerOf([...path, i]), bb[i])
      for (let i = common; i < a.length; i++) out.push(REMOVE, pointerOf([...path, i]), 0)
      return
    }
    const oa = a as Record<string, unknown>
    const ob = b as Record<string, unknown>
    for (const k in oa) {
      if (!Object.hasOwn(ob, k)) {
        out.push(REMOVE, pointerOf([...path, k]), 0)
      } else if (oa[k] !== ob[k]) {
        path.push(k)
        diffInto(oa[k], ob[k], path, out)
        path.pop()
      }
    }
    for (const k in ob) if (!Object.hasOwn(oa, k)) out.push(ADD, pointerOf([...path, k]), ob[k])
  }

  function diffFlat(before: Json, after: Json): unknown[] {
    const out: unknown[] = []
    diffInto(before, after, [], out)
    return out
  }

  function parent(target: unknown, tokens: string[]): unknown {
    let node = target
    for (const t of tokens)
      node = Array.isArray(node) ? node[Number(t)] : (node as Record<string, unknown>)[t]
    return node
  }

  function applyPatch<T>(base: T, encoded: string): T {
    const target = structuredClone(base)
    const flat = JSON.parse(encoded) as unknown[]
    // Removals go last, from the highest array index down.
    const removals: [string[], string][] = []
    for (let k = 0; k < flat.length; k += 3) {
      const op = flat[k] as number
      const tokens = (flat[k + 1] as string).split('/').slice(1).map(unescapeToken)
      const key = tokens.pop() as string
      const node = parent(target, tokens)
      if (op === REMOVE) removals.push([tokens, key])
      else if (Array.isArray(node)) node[Number(key)] = flat[k + 2]
      else (node as Record<string, unknown>)[key] = flat[k + 2]
    }
    for (let r = removals.length - 1; r >= 0; r--) {
      const [tokens, key] = removals[r] as [string[], string]
      const node = parent(target, tokens)
      if (Array.isArray(node)) node.splice(Number(key), 1)
      else delete (node as Record<string, unknown>)[key]
    }
    return target
  }

  function valueAt(root: unknown, pointer: string): unknown {
    let node = root
    for (const t of pointer.split('/').slice(1).map(unescapeToken)) {
      node = Array.isArray(node)
        ? node[Number(t)]
        : (node as Record<string, unknown> | undefined)?.[t]
    }
    return node
  }

  return {
    KEYFRAME_EVERY,
    pointerOf,
    diffFlat,
    encodePatch: (before, after) => JSON.stringify(diffFlat(before, after)),
    applyPatch,
    valueAt,
  }
}

const patcher = createVersionPatcher()
export const { KEYFRAME_EVERY, encodePatch, applyPatch, pointerOf } = patcher

/** The changes between two versions, as JSON Patch operations a person can read. */
export function fieldChanges(before: Json, after: Json): FieldChange[] {
  const flat = patcher.diffFlat(before, after)
  const changes: FieldChange[] = []
  for (let k = 0; k < flat.length; k += 3) {
    const path = flat[k + 1] as string
    const op = flat[k] as number
    if (op === 1) changes.push({ op: 'add', path, value: flat[k + 2] })
    else if (op === 2) changes.push({ op: 'remove', path, oldValue: patcher.valueAt(before, path) })
    else
      changes.push({
        op: 'replace',
        path,
        value: flat[k + 2],
        oldValue: patcher.valueAt(before, path),
      })
  }
  return changes
}
