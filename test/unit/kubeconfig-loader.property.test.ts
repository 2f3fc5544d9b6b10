// Property-based tests of the kubeconfig loader (src-main/core/kubeconfig-loader.ts and
// client-config.ts): a kubeconfig built from names in every script reads back with those
// contexts, and each context becomes a client configuration or a clear refusal; random text,
// mutated files and odd YAML (aliases, merge keys, a billion laughs) end in a result or an error
// that names the file, never a throw.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import { contextConfig } from '../../src-main/core/client-config'
import {
  mergeKubeconfigs,
  parseKubeconfigText,
  summarize,
} from '../../src-main/core/kubeconfig-loader'
import { anyName, jsonWithNames, mutateBytes } from './property-inputs'

const FILE = '/home/test/.kube/config'

const user = fc.oneof(
  fc.record({ token: anyName }),
  fc.record({ 'client-certificate': anyName, 'client-key': anyName }),
  fc.record({
    exec: fc.record(
      {
        apiVersion: fc.constant('client.authentication.k8s.io/v1'),
        command: anyName,
        args: fc.array(anyName, { maxLength: 3 }),
        env: fc.oneof(
          fc.array(fc.record({ name: anyName, value: anyName }), { maxLength: 2 }),
          fc.array(jsonWithNames, { maxLength: 2 }),
        ),
        provideClusterInfo: fc.boolean(),
      },
      { requiredKeys: ['command'] },
    ),
  }),
  fc.dictionary(anyName, jsonWithNames, { maxKeys: 3 }),
)

const kubeconfig = fc
  .record({
    clusters: fc.uniqueArray(
      fc.record({ name: anyName.filter((n) => n !== ''), server: fc.oneof(fc.webUrl(), anyName) }),
      { selector: (c) => c.name, maxLength: 3 },
    ),
    users: fc.uniqueArray(fc.record({ name: anyName.filter((n) => n !== ''), user }), {
      selector: (u) => u.name,
      maxLength: 3,
    }),
    contexts: fc.uniqueArray(
      fc.record({
        name: anyName.filter((n) => n !== ''),
        cluster: anyName,
        user: anyName,
        namespace: anyName,
      }),
      { selector: (c) => c.name, maxLength: 4 },
    ),
    current: anyName,
  })
  .map((k) => {
    // Contexts mostly name the clusters and users that exist, sometimes not.
    const contexts = k.contexts.map((c, i) => ({
      name: c.name,
      context: {
        cluster:
          i % 3 === 2
            ? c.cluster
            : (k.clusters[i % Math.max(1, k.clusters.length)]?.name ?? c.cluster),
        user: i % 3 === 1 ? c.user : (k.users[i % Math.max(1, k.users.length)]?.name ?? c.user),
        namespace: c.namespace,
      },
    }))
    return {
      doc: {
        apiVersion: 'v1',
        kind: 'Config',
        clusters: k.clusters.map((c) => ({ name: c.name, cluster: { server: c.server } })),
        users: k.users.map((u) => ({ name: u.name, user: u.user })),
        contexts,
        'current-context': k.current,
      },
      names: contexts.map((c) => c.name),
    }
  })

/** Loads text the way the app does, then tries every context: a result or a clear error. */
function loadEverything(text: string): void {
  const parsed = parseKubeconfigText(text, FILE)
  if (!parsed.ok) {
    expect(parsed.error.kind).toBe('kubeconfig-malformed')
    expect(parsed.error.detail).toContain(FILE)
    return
  }
  const merged = mergeKubeconfigs([parsed.value], [FILE], [])
  const summary = summarize(merged)
  for (const c of summary.contexts) {
    const config = contextConfig(merged, c.name)
    if (!config.ok) expect(config.error.title.length).toBeGreaterThan(0)
  }
}

describe('the kubeconfig loader, with generated input', () => {
  it('reads back every context, names in every script, and each becomes a configuration or a clear refusal', () => {
    fc.assert(
      fc.property(kubeconfig, ({ doc, names }) => {
        const parsed = parseKubeconfigText(stringify(doc), FILE)
        expect(parsed.ok).toBe(true)
        if (!parsed.ok) return
        const merged = mergeKubeconfigs([parsed.value], [FILE], [])
        expect(summarize(merged).contexts.map((c) => c.name)).toEqual(names)
        for (const name of names) {
          const config = contextConfig(merged, name)
          if (!config.ok) expect(config.error.title).toMatch(/context|cluster/i)
        }
      }),
      { numRuns: 200 },
    )
  })

  it('random text ends in a result or an error naming the file', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 200 }),
          jsonWithNames.map((v) => stringify(v)),
        ),
        loadEverything,
      ),
      { numRuns: 300 },
    )
  })

  it('mutated kubeconfigs end in a result or an error naming the file', () => {
    fc.assert(
      fc.property(
        kubeconfig.chain(({ doc }) => mutateBytes(Buffer.from(stringify(doc), 'utf8'))),
        (bytes) => loadEverything(Buffer.from(bytes).toString('utf8')),
      ),
      { numRuns: 300 },
    )
  })

  it('entries of the wrong shape (valid YAML) end in a result or an error naming the file', () => {
    const shaped = kubeconfig.chain(({ doc }) =>
      fc
        .tuple(fc.constantFrom('clusters', 'users', 'contexts'), fc.nat(), jsonWithNames)
        .map(([section, i, value]) => {
          const copy = JSON.parse(JSON.stringify(doc)) as Record<string, unknown[]>
          const list = copy[section] as unknown[]
          if (list.length === 0) copy[section] = value as unknown[]
          else {
            const entry = list[i % list.length] as Record<string, unknown>
            const inner = section.slice(0, -1)
            if (i % 2 && entry[inner] && typeof entry[inner] === 'object') {
              const body = entry[inner] as Record<string, unknown>
              const keys = Object.keys(body)
              if (keys.length) body[keys[i % keys.length] as string] = value
              else entry[inner] = value
            } else entry[inner] = value
          }
          return stringify(copy)
        }),
    )
    fc.assert(fc.property(shaped, loadEverything), { numRuns: 300 })
  })

  it('aliases, merge keys and a billion laughs end in a result or an error naming the file', () => {
    const laughs = [
      'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
      ...Array.from({ length: 9 }, (_, i) => {
        const me = String.fromCharCode(98 + i)
        const prev = String.fromCharCode(97 + i)
        return `${me}: &${me} [${Array(9).fill(`*${prev}`).join(',')}]`
      }),
      'clusters: *j',
    ].join('\n')
    const merged = [
      'base: &base { server: https://127.0.0.1:6443 }',
      'clusters:',
      '- name: c',
      '  cluster: { <<: *base }',
      'users: [ &u { name: u, user: { token: t } }, *u ]',
      'contexts:',
      '- name: x',
      '  context: { cluster: c, user: u }',
      'current-context: x',
    ].join('\n')
    for (const text of [
      laughs,
      merged,
      'clusters: *nope',
      '- a\n- b',
      'users:\n- !!binary aGVsbG8=',
    ]) {
      loadEverything(text)
    }
  })
})
