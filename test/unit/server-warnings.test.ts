// Warning headers read as client-go reads them, and what of them the renderer may see.
import { describe, expect, it } from 'vitest'
import { REDACTED } from '@common/redaction'
import { formatWarning, parseWarningHeader, shownWarnings } from '@common/server-warnings'

describe('parseWarningHeader', () => {
  it('reads the values Node joined with ", ", commas and escaped quotes inside texts', () => {
    // As kube-apiserver 1.37.2 sent them for a ConfigMap with a duplicate key and a spec.
    const header = '299 - "duplicate field \\"data.x\\"", 299 - "unknown field \\"spec\\""'
    expect(parseWarningHeader(header)).toEqual([
      { code: 299, agent: '-', text: 'duplicate field "data.x"' },
      { code: 299, agent: '-', text: 'unknown field "spec"' },
    ])
    expect(parseWarningHeader('299 kube-apiserver "a, b" "Tue, 01 Dec 2026 18:00:00 GMT"')).toEqual(
      [{ code: 299, agent: 'kube-apiserver', text: 'a, b' }],
    )
    expect(parseWarningHeader(['299 - "one"', '299 - "two"']).map((w) => w.text)).toEqual([
      'one',
      'two',
    ])
    expect(parseWarningHeader(undefined)).toEqual([])
  })

  it('keeps what does not read as a warning whole, with code 0', () => {
    expect(parseWarningHeader('something else')).toEqual([
      { code: 0, agent: '-', text: 'something else' },
    ])
  })

  it('formats back to the header', () => {
    const header = '299 - "unknown field \\"spec.foo\\""'
    const [w] = parseWarningHeader(header)
    expect(w && formatWarning(w)).toBe(header)
  })
})

describe('shownWarnings', () => {
  const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJzeXN0ZW0ifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ'
  it('scrubs tokens everywhere, and about Secrets keeps only field validation texts', () => {
    const ws = [
      { code: 299, agent: '-', text: `token ${jwt}` },
      { code: 299, agent: '-', text: 'unknown field "spec.foo"' },
      { code: 299, agent: '-', text: 'line 7: key "x" already set in map' },
      { code: 299, agent: '-', text: "policy says data.password is 'hunter2'" },
    ]
    const plain = shownWarnings(ws, { group: '', resource: 'configmaps' })
    expect(plain[0]?.text).toBe(`token ${REDACTED}`)
    expect(plain[3]?.text).toContain('hunter2')
    const secret = shownWarnings(ws, { group: '', resource: 'secrets' })
    expect(secret.map((w) => w.text)).toEqual([
      REDACTED,
      'unknown field "spec.foo"',
      'line 7: key "x" already set in map',
      REDACTED,
    ])
  })
})
