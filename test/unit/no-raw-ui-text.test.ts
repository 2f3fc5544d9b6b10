// Every word a person reads in a component comes from the catalogue (i18n/), so the French screen
// has no English left: a Svelte template holds no literal text and no literal title, aria-label,
// placeholder or alt, except the API's own words and units, which both languages say the same
// (listed below). Text inside <code>, <kbd>, <pre> and translate="no" is the API's or the
// keyboard's and is not read. One test per component, so a failure names the file and the text.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'svelte/compiler'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(__dirname, '../..')
const FOLDERS = ['src-renderer/src', 'i18n/renderer']

/** The API's words, units and names that stay as they are in English and French. */
const SAME_IN_BOTH = new Set([
  'Apiscope',
  'kube-apiserver',
  'etcd',
  'kubectl',
  'resourceVersion',
  'rv',
  'ms',
  's',
  'Audit-Id',
  'Content-Type:',
  'Accept:',
  'livez',
  'readyz',
  'EN',
  'FR',
  'REC',
  'URL',
  'Warning:',
  'URI',
  '2xx',
  '4xx',
  '5xx',
])
const READ_ATTRIBUTES = new Set([
  'title',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'placeholder',
  'alt',
  'label',
])
const NOT_READ = new Set(['code', 'kbd', 'pre', 'style', 'script', 'svelte:head'])

interface Node {
  type?: string
  name?: string
  data?: string
  attributes?: { type: string; name: string; value: unknown }[]
  [key: string]: unknown
}

/** Whether a literal piece of text holds a word a person would read. */
function isWords(text: string): boolean {
  const trimmed = text.trim()
  if (!/\p{L}{2,}/u.test(trimmed)) return false
  return !trimmed.split(/[\s·,;()/|→←=]+/u).every((part) => part === '' || SAME_IN_BOTH.has(part))
}

function literalTexts(source: string): string[] {
  const found: string[] = []
  const walk = (node: unknown, skipped: boolean): void => {
    if (!node || typeof node !== 'object') return
    if (Array.isArray(node)) {
      for (const child of node) walk(child, skipped)
      return
    }
    const n = node as Node
    if (n.type === 'Text' && !skipped && n.data && isWords(n.data)) found.push(n.data.trim())
    let skip = skipped
    if (n.type === 'RegularElement' || n.type === 'SvelteElement' || n.type === 'Component') {
      if (n.name && NOT_READ.has(n.name)) skip = true
      for (const a of n.attributes ?? []) {
        if (a.type !== 'Attribute' || !Array.isArray(a.value)) continue
        const literal = (a.value as Node[])
          .filter((v) => v.type === 'Text')
          .map((v) => v.data ?? '')
        if (a.name === 'translate' && literal.join('') === 'no') skip = true
        if (READ_ATTRIBUTES.has(a.name) && !skip)
          for (const text of literal) if (isWords(text)) found.push(`${a.name}="${text.trim()}"`)
      }
    }
    for (const [key, value] of Object.entries(n)) {
      if (key === 'attributes' || key === 'type' || key === 'data') continue
      if (value && typeof value === 'object') walk(value, skip)
    }
  }
  walk((parse(source, { modern: true }) as unknown as { fragment: unknown }).fragment, false)
  return found
}

const components = FOLDERS.flatMap((folder) =>
  readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.svelte'))
    .map((file) => path.join(folder, file)),
).sort()

describe('no literal UI text in a component', () => {
  it('finds the components', () => expect(components.length).toBeGreaterThan(50))
  it.each(components)('%s', (file) => {
    expect(literalTexts(readFileSync(path.join(ROOT, file), 'utf8'))).toEqual([])
  })
})
