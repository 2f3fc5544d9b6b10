// The supervisor's slow path for a list item the byte scanner would not read: JSON.parse. When
// that fails, what it says names no text of the item (V8's message quotes the text around the
// error, which may be a Secret's value).
import { describe, expect, it } from 'vitest'
import { MalformedList } from '../../src-main/core/watch/list-body-reader'
import { parsedMeta } from '../../src-main/core/watch/list-page-reader'

const enc = new TextEncoder()

describe('parsedMeta', () => {
  it('reads an item with an escaped key', () => {
    const item = '{"metadata":{"n\\u0061me":"a","namespace":"ns","uid":"u","resourceVersion":"7"}}'
    expect(parsedMeta(enc.encode(item))).toEqual({
      kind: '',
      apiVersion: '',
      name: 'a',
      namespace: 'ns',
      uid: 'u',
      resourceVersion: '7',
    })
  })

  it.each([
    '{"data":{"motdepasse":"s3cr3t-value"},}',
    '{"data":{"motdepasse":"s3cr3t-value" "x":1}}',
    '{"data":{"motdepasse":"s3cr3t-value"',
  ])('says %j is not JSON without quoting it', (item) => {
    let thrown: unknown
    try {
      parsedMeta(enc.encode(item))
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(MalformedList)
    expect((thrown as Error).message).toMatch(/^an item is not JSON/)
    expect((thrown as Error).message).not.toContain('s3cr3t')
  })
})
