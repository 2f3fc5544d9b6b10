// The list body reader: items and metadata as the bytes arrive, whatever the chunking; anything
// that is not a list ends in MalformedList. The body is the API server's form (ListMeta before
// the items); other key orders and whitespace are read too.
import { describe, expect, it } from 'vitest'
import {
  ListBodyReader,
  MalformedList,
  type ListMetadata,
} from '../../src-main/core/watch/list-body-reader'
import { translateSaid } from '@i18n/translate'
import { scanObjectMeta } from '../../src-main/core/watch/watch-line-scanner'

const enc = new TextEncoder()
const dec = new TextDecoder()

/** Reads `text` in chunks of `size` bytes (0: one chunk). */
function read(text: string, size = 0) {
  const items: string[] = []
  const metas: ListMetadata[] = []
  let itemsBeforeMeta = -1
  const reader = new ListBodyReader({
    onMetadata: (m) => {
      metas.push(m)
      itemsBeforeMeta = items.length
    },
    onItem: (b) => items.push(dec.decode(b)),
  })
  const bytes = enc.encode(text)
  const step = size || bytes.length
  for (let i = 0; i < bytes.length; i += step) reader.push(bytes.subarray(i, i + step))
  const head = reader.end()
  return { head, items, metas, itemsBeforeMeta }
}

const item = (n: number) => ({
  metadata: {
    name: `cm-${n}`,
    namespace: 'lab',
    uid: `uid-${n}`,
    resourceVersion: String(100 + n),
    annotations: {
      tricky: 'a "quoted" {brace} [bracket] \\ back\\"slash ünï',
      n: `${'}'.repeat(n)}`,
    },
  },
  data: { list: '[1,2,{3}]', empty: '' },
})

const list = (count: number) => ({
  kind: 'ConfigMapList',
  apiVersion: 'v1',
  metadata: {
    resourceVersion: '999',
    continue: 'eyJ2IjoibWV0YS5rOHMuaW8vdjEifQ',
    remainingItemCount: 7,
  },
  items: Array.from({ length: count }, (_, n) => item(n)),
})

describe('ListBodyReader', () => {
  it('gives each item as it came and the metadata before the first item, at every chunk size', () => {
    const text = JSON.stringify(list(4))
    const whole = read(text)
    expect(whole.items).toEqual(list(4).items.map((i) => JSON.stringify(i)))
    expect(whole.metas).toEqual([list(4).metadata])
    expect(whole.itemsBeforeMeta).toBe(0)
    expect(whole.head).toEqual({
      kind: 'ConfigMapList',
      apiVersion: 'v1',
      metadata: list(4).metadata,
      items: 4,
    })
    for (let size = 1; size <= text.length; size += size < 40 ? 1 : 37) {
      const got = read(text, size)
      expect(got.items, `chunks of ${size}`).toEqual(whole.items)
      expect(got.head).toEqual(whole.head)
      expect(got.itemsBeforeMeta).toBe(0)
    }
  })

  it('reads whitespace, other key orders, unknown keys and an empty list', () => {
    const text = `\n { "items" : [ {"a": [1, {"b": "}"}]} ,\n{ } ] , "extra": [1, "x", {"y": null}], "n": -1.5e3,
      "kind":"PodList", "metadata" : {"resourceVersion":"12"}, "ok": true }  \n`
    const got = read(text, 3)
    expect(got.items).toEqual(['{"a": [1, {"b": "}"}]}', '{ }'])
    expect(got.head).toEqual({
      kind: 'PodList',
      apiVersion: '',
      metadata: { resourceVersion: '12' },
      items: 2,
    })
    expect(read('{"kind":"XList","metadata":{},"items":[]}').head.items).toBe(0)
    expect(read('{"kind":"XList","metadata":{},"items":null}').head.items).toBe(0)
  })

  it('ends in MalformedList on what is not a list, or a list cut short', () => {
    const text = JSON.stringify(list(2))
    for (const bad of [
      '',
      '[]',
      '{"items":[1]}',
      '{"items":[{}],}',
      '{"items":[{},]}',
      '{"metadata":5,"items":[]}',
      '{"items":[]} x',
      '{"kind":"X"}',
      '{"items":[{"a":"\\"}]}',
      text.slice(0, -1),
      text.slice(0, text.length / 2),
    ]) {
      expect(() => read(bad, 5), bad).toThrow(MalformedList)
    }
  })

  it("says what is wrong by key, in French too; a JSON parser's own message passes through", () => {
    const caught = (text: string) => {
      try {
        read(text)
      } catch (error) {
        return error as MalformedList
      }
      throw new Error(`read ${text}`)
    }
    const notObject = caught('[]')
    expect(notObject.message).toBe('not a list: a list is a JSON object')
    expect(notObject.said.as).toEqual({
      key: 'watch.core.notAList',
      params: { why: { key: 'watch.core.list.object' } },
    })
    expect(translateSaid('fr', notObject.said.as, notObject.message)).toBe(
      'pas une liste\u00a0: une liste est un objet JSON',
    )
    const parser = caught('{"kind":tru}')
    expect(parser.said.as.key).toBe('watch.core.notAList')
    expect(typeof parser.said.as.params?.why).toBe('string')
  })
})

describe('scanObjectMeta', () => {
  it('reads a typed list item (no kind) and an unstructured one (kind and apiVersion first)', () => {
    const typed = enc.encode(JSON.stringify(item(3)))
    expect(scanObjectMeta(typed)).toEqual({
      type: '',
      kind: '',
      apiVersion: '',
      name: 'cm-3',
      namespace: 'lab',
      uid: 'uid-3',
      resourceVersion: '103',
    })
    const cr = enc.encode(
      JSON.stringify({
        apiVersion: 'x.io/v1',
        kind: 'Foo',
        metadata: { name: 'f', uid: 'u', resourceVersion: '7' },
        spec: {},
      }),
    )
    expect(scanObjectMeta(cr)).toMatchObject({
      kind: 'Foo',
      apiVersion: 'x.io/v1',
      name: 'f',
      namespace: '',
      uid: 'u',
      resourceVersion: '7',
    })
    expect(scanObjectMeta(enc.encode('{"metadata":{"name":"x"}} junk'))).toBeNull()
    expect(scanObjectMeta(enc.encode('[1]'))).toBeNull()
  })
})
