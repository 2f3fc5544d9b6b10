// The continue token a list cut in the middle goes on with (continue-after.ts): the format of
// kube-apiserver's own tokens, read back as the Watches view decodes tokens. That the real
// server serves it: test/integration/list-cut.test.ts (1.37 and 1.20).
import { describe, expect, it } from 'vitest'
import { decodeContinueToken } from '@common/resource-version'
import { continueAfter, itemKey } from '../../src-main/core/watch/continue-after'

describe('continueAfter', () => {
  it('starts right after the item, at the list’s resourceVersion, as the server encodes it', () => {
    const token = continueAfter('150881', '/scale-39/cm-2')
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeContinueToken(token as string)).toEqual({
      v: 'meta.k8s.io/v1',
      rv: 150881,
      start: '/scale-39/cm-2\u0000',
    })
    // Byte for byte what the server's token for the same place looks like (recorded from 1.37.2:
    // limit=1 at resourceVersion 47601, whose first item was apiscope-view/kube-root-ca.crt).
    expect(continueAfter('47601', '/apiscope-view/kube-root-ca.crt')).toBe(
      'eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6NDc2MDEsInN0YXJ0IjoiL2FwaXNjb3BlLXZpZXcva3ViZS1yb290LWNhLmNydFx1MDAwMCJ9',
    )
  })

  it('builds none where the resourceVersion is not a plain integer, or the key holds a NUL', () => {
    expect(continueAfter('', '/a')).toBeNull()
    expect(continueAfter('0', '/a')).toBeNull()
    expect(continueAfter('012', '/a')).toBeNull()
    expect(continueAfter('a1', '/a')).toBeNull()
    expect(continueAfter('99999999999999999', '/a')).toBeNull()
    expect(continueAfter('12', '/a\u0000b')).toBeNull()
  })

  it('names an item by its key below the list’s prefix', () => {
    expect(itemKey({ namespace: 'ns', name: 'a' }, undefined)).toBe('/ns/a')
    expect(itemKey({ namespace: 'ns', name: 'a' }, 'ns')).toBe('/a')
    expect(itemKey({ namespace: '', name: 'node-1' }, undefined)).toBe('/node-1')
  })
})
