// Successive versions of an object, kept compactly: a version is stored as the changes from the
// one before (microdiff computes them), encoded as one short JSON string; every KEYFRAME_EVERY
// versions a whole copy bounds the work of rebuilding any version.
import microdiff from 'microdiff'
import type { FieldChange } from '@common/watch-types'

export const KEYFRAME_EVERY = 64

type Json = Record<string, unknown> | unknown[]

const escapeToken = (s: string | number) => String(s).replace(/~/g, '~0').replace(/\//g, '~1')
const unescapeToken = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~')

export function pointerOf(path: (string | number)[]): string {
  return path.length === 0 ? '' : `/${path.map(escapeToken).join('/')}`
}

/**
 * Encodes the changes from `before` to `after` as a flat JSON array
 * [op, pointer, value, op, pointer, value, ...] with op 0 = replace, 1 = add, 2 = remove.
 */
export function encodePatch(before: Json, after: Json): string {
  const flat: unknown[] = []
  for (const d of microdiff(before, after)) {
    if (d.type === 'REMOVE') flat.push(2, pointerOf(d.path), 0)
    else flat.push(d.type === 'CHANGE' ? 0 : 1, pointerOf(d.path), d.value)
  }
  return JSON.stringify(flat)
}

function parent(target: unknown, tokens: string[]): unknown {
  let node = target
  for (const t of tokens)
    node = Array.isArray(node) ? node[Number(t)] : (node as Record<string, unknown>)[t]
  return node
}

/** Applies an encoded patch to a copy-on-write clone of `base` (base itself is not touched). */
export function applyPatch<T>(base: T, encoded: string): T {
  const target = structuredClone(base)
  const flat = JSON.parse(encoded) as unknown[]
  // Removals of array items must go from the highest index down, as microdiff lists them upward.
  const removals: [string[], string][] = []
  for (let k = 0; k < flat.length; k += 3) {
    const op = flat[k] as number
    const tokens = (flat[k + 1] as string).split('/').slice(1).map(unescapeToken)
    const key = tokens.pop() as string
    const node = parent(target, tokens)
    if (op === 2) {
      removals.push([tokens, key])
    } else if (Array.isArray(node)) {
      node[Number(key)] = flat[k + 2]
    } else {
      ;(node as Record<string, unknown>)[key] = flat[k + 2]
    }
  }
  for (let r = removals.length - 1; r >= 0; r--) {
    const [tokens, key] = removals[r] as [string[], string]
    const node = parent(target, tokens)
    if (Array.isArray(node)) node.splice(Number(key), 1)
    else delete (node as Record<string, unknown>)[key]
  }
  return target
}

/** The changes between two versions, as JSON Patch operations a person can read. */
export function fieldChanges(before: Json, after: Json): FieldChange[] {
  return microdiff(before, after).map((d) => {
    const path = pointerOf(d.path)
    if (d.type === 'CREATE') return { op: 'add', path, value: d.value }
    if (d.type === 'REMOVE') return { op: 'remove', path, oldValue: d.oldValue }
    return { op: 'replace', path, value: d.value, oldValue: d.oldValue }
  })
}
