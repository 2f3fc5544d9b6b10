// Reads a list response, {"kind":"ConfigMapList","apiVersion":"v1","metadata":{...},"items":[...]},
// as its bytes arrive: each item's bytes as soon as the item is complete, and the list's metadata
// as soon as it is (the API server writes ListMeta before the items, Go's field order, so the
// continue token is known before the first item). Nothing is parsed but the list's own small
// fields: an item's bytes go to the store as they came, and are parsed once, in the version
// history's worker (docs/adr/0006). A real JSON tokenizer over the top level (strings, escapes,
// nesting), in any key order; anything that is not a JSON object with an "items" array throws.

import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  ValueScan,
  isWs,
  scalarEnd,
} from './json-bytes'
import { said, type Said } from '@i18n/translate'

export interface ListMetadata {
  resourceVersion?: string
  continue?: string
  remainingItemCount?: number
}

/** The list's own fields, once the body has ended. */
export interface ListHead {
  kind: string
  apiVersion: string
  metadata: ListMetadata
  /** How many items the body held. */
  items: number
}

export interface ListBodyHandlers {
  /** The list's metadata, once read: before the first item on every API server. */
  onMetadata(metadata: ListMetadata): void
  /** One item's bytes (a view of the chunk it came in when it fits in one: copy to keep it). */
  onItem(bytes: Uint8Array): void
}

/** What is wrong with the body, in the catalogue's words (a JSON parser's own message passes through). */
export class MalformedList extends Error {
  constructor(readonly said: Said) {
    super(said.text)
  }
}

type State =
  | 'start'
  | 'key-or-end'
  | 'key'
  | 'colon'
  | 'value'
  | 'after-value'
  | 'item-or-end'
  | 'item'
  | 'after-item'
  | 'capture'
  | 'done'

const decoder = new TextDecoder()

export class ListBodyReader {
  private state: State = 'start'
  /** Where a captured value or item ends, across chunks. */
  private readonly value = new ValueScan()
  /** A scalar (number, true, false, null) being captured: it ends at a delimiter, not a bracket. */
  private scalar = false
  /** The bytes of a value or item begun in an earlier chunk. */
  private parts: Uint8Array[] = []
  private key = ''
  private readonly fields: Record<string, unknown> = {}
  private sawItems = false
  private itemCount = 0
  /** A key with commas before it: `{"a":1,}` is malformed. */
  private afterComma = false

  /** The list's kind (ConfigMapList) once read: its first field on every API server. */
  kind = ''

  constructor(private readonly handlers: ListBodyHandlers) {}

  /** Reads one chunk of the body; throws MalformedList on anything that is not a list. */
  push(b: Uint8Array): void {
    let i = 0
    const n = b.length
    while (i < n) {
      switch (this.state) {
        case 'start':
          while (i < n && isWs(b[i] as number)) i++
          if (i === n) return
          if (b[i] !== OPEN_BRACE) this.fail(said('watch.core.list.object'))
          i++
          this.state = 'key-or-end'
          this.afterComma = false
          break
        case 'key-or-end': {
          while (i < n && isWs(b[i] as number)) i++
          if (i === n) return
          const c = b[i] as number
          if (c === CLOSE_BRACE && !this.afterComma) {
            i++
            this.state = 'done'
          } else if (c === QUOTE) this.beginCapture('key')
          else this.fail(said('watch.core.list.key'))
          break
        }
        case 'key':
        case 'capture':
        case 'item': {
          const start = i
          i = this.scan(b, i)
          if (i < 0) {
            // The value goes on in the next chunk.
            this.parts.push(b.subarray(start))
            return
          }
          this.completeCapture(this.joined(b, start, i))
          break
        }
        case 'colon':
          while (i < n && isWs(b[i] as number)) i++
          if (i === n) return
          if (b[i] !== COLON) this.fail(said('watch.core.list.colon'))
          i++
          this.state = 'value'
          break
        case 'value': {
          while (i < n && isWs(b[i] as number)) i++
          if (i === n) return
          const c = b[i] as number
          if (this.key === 'items' && c === OPEN_BRACKET) {
            if (this.sawItems) this.fail(said('watch.core.list.twoItems'))
            this.sawItems = true
            i++
            this.state = 'item-or-end'
            this.afterComma = false
            break
          }
          this.beginCapture('capture')
          this.scalar = c !== QUOTE && c !== OPEN_BRACE && c !== OPEN_BRACKET
          break
        }
        case 'after-value':
        case 'after-item': {
          while (i < n && isWs(b[i] as number)) i++
          if (i === n) return
          const c = b[i] as number
          const inItems = this.state === 'after-item'
          i++
          if (c === COMMA) {
            this.state = inItems ? 'item-or-end' : 'key-or-end'
            this.afterComma = true
          } else if (inItems && c === CLOSE_BRACKET) this.state = 'after-value'
          else if (!inItems && c === CLOSE_BRACE) this.state = 'done'
          else
            this.fail(said(inItems ? 'watch.core.list.commaBracket' : 'watch.core.list.commaBrace'))
          break
        }
        case 'item-or-end': {
          while (i < n && isWs(b[i] as number)) i++
          if (i === n) return
          const c = b[i] as number
          if (c === CLOSE_BRACKET && !this.afterComma) {
            i++
            this.state = 'after-value'
          } else if (c === OPEN_BRACE) this.beginCapture('item')
          else this.fail(said('watch.core.list.item'))
          break
        }
        case 'done':
          while (i < n && isWs(b[i] as number)) i++
          if (i < n) this.fail(said('watch.core.list.after'))
          return
      }
    }
  }

  /** The body ended: the list's own fields. Throws MalformedList when it was cut short. */
  end(): ListHead {
    if (this.state === 'capture' && this.scalar) this.completeCapture(this.joined(null, 0, 0))
    if (this.state !== 'done') this.fail(said('watch.core.list.cut'))
    if (!this.sawItems && this.fields.items !== null) this.fail(said('watch.core.list.noItems'))
    const str = (v: unknown) => (typeof v === 'string' ? v : '')
    return {
      kind: str(this.fields.kind),
      apiVersion: str(this.fields.apiVersion),
      metadata: (this.fields.metadata ?? {}) as ListMetadata,
      items: this.itemCount,
    }
  }

  /** `why` is ours, or a JSON parser's own message. */
  private fail(why: Said | string): never {
    throw new MalformedList(said('watch.core.notAList', { why }))
  }

  /** A value, key or item begins at the byte the scan reads next (its quote or bracket). */
  private beginCapture(state: 'key' | 'capture' | 'item'): void {
    this.state = state
    this.parts = []
    this.value.begin()
    this.scalar = false
  }

  /**
   * Scans the value being captured from i: the index after its last byte, or -1 when it goes on
   * in the next chunk. A scalar ends before its delimiter.
   */
  private scan(b: Uint8Array, i: number): number {
    return this.scalar ? scalarEnd(b, i) : this.value.scan(b, i)
  }

  /** The captured bytes: the parts from earlier chunks and b[start, end). */
  private joined(b: Uint8Array | null, start: number, end: number): Uint8Array {
    const tail = b ? b.subarray(start, end) : new Uint8Array(0)
    if (this.parts.length === 0) return tail
    const parts = [...this.parts, tail]
    this.parts = []
    let length = 0
    for (const p of parts) length += p.length
    const out = new Uint8Array(length)
    let at = 0
    for (const p of parts) {
      out.set(p, at)
      at += p.length
    }
    return out
  }

  private completeCapture(bytes: Uint8Array): void {
    const state = this.state
    if (state === 'item') {
      this.itemCount++
      this.state = 'after-item'
      this.handlers.onItem(bytes)
      return
    }
    let value: unknown
    try {
      value = JSON.parse(decoder.decode(bytes))
    } catch (error) {
      this.fail((error as Error).message)
    }
    if (state === 'key') {
      this.key = value as string
      this.state = 'colon'
      return
    }
    this.fields[this.key] = value
    if (this.key === 'kind' && typeof value === 'string') this.kind = value
    this.state = 'after-value'
    this.scalar = false
    if (this.key === 'metadata') {
      if (!value || typeof value !== 'object') this.fail(said('watch.core.list.metadata'))
      this.handlers.onMetadata(value as ListMetadata)
    }
  }
}
