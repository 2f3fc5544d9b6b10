// What changed between two versions of an object, as JSON Patch operations a person can read
// (the inspector's diff, ownership's history and what-if). Our own walk over JSON values: it
// allocates nothing for unchanged fields (microdiff builds a path array per key; docs/adr/0006).
// The version history does not keep these: it keeps byte deltas (byte-delta.ts).
import type { FieldChange } from '@common/watch-types'

type Json = Record<string, unknown> | unknown[]

const REPLACE = 0
const ADD = 1
const REMOVE = 2
const escapeToken = (s: string | number) => String(s).replace(/~/g, '~0').replace(/\//g, '~1')
const unescapeToken = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~')

const pointerOf = (path: (string | number)[]) =>
  path.length === 0 ? '' : `/${path.map(escapeToken).join('/')}`

/** Appends [op, pointer, value] triples to `out`: op 0 = replace, 1 = add, 2 = remove. */
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

function valueAt(root: unknown, pointer: string): unknown {
  let node = root
  for (const t of pointer.split('/').slice(1).map(unescapeToken)) {
    node = Array.isArray(node)
      ? node[Number(t)]
      : (node as Record<string, unknown> | undefined)?.[t]
  }
  return node
}

/** The changes between two versions, as JSON Patch operations a person can read. */
export function fieldChanges(before: Json, after: Json): FieldChange[] {
  const flat: unknown[] = []
  diffInto(before, after, [], flat)
  const changes: FieldChange[] = []
  for (let k = 0; k < flat.length; k += 3) {
    const path = flat[k + 1] as string
    const op = flat[k] as number
    if (op === ADD) changes.push({ op: 'add', path, value: flat[k + 2] })
    else if (op === REMOVE) changes.push({ op: 'remove', path, oldValue: valueAt(before, path) })
    else
      changes.push({
        op: 'replace',
        path,
        value: flat[k + 2],
        oldValue: valueAt(before, path),
      })
  }
  return changes
}
