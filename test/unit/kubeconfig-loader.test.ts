import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { contextConfig } from '../../src-main/core/client-config'
import {
  defaultContextOf,
  kubeconfigPaths,
  loadKubeconfig,
  parseKubeconfigText,
  summarize,
} from '../../src-main/core/kubeconfig-loader'

function tmpDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'apiscope-kc-'))
}

const fileA = `apiVersion: v1
kind: Config
current-context: a-ctx
clusters:
- name: shared
  cluster:
    server: https://a.example:6443
    certificate-authority: certs/ca.crt
users:
- name: alice
  user:
    client-certificate: alice.crt
    client-key: /abs/alice.key
contexts:
- name: a-ctx
  context: { cluster: shared, user: alice, namespace: team-a }
`
const fileB = `apiVersion: v1
kind: Config
current-context: b-ctx
clusters:
- name: shared
  cluster: { server: https://b.example:6443 }
- name: b-cluster
  cluster: { server: https://b2.example:6443 }
users:
- name: bob
  user:
    exec:
      apiVersion: client.authentication.k8s.io/v1beta1
      command: ./bin/get-token
contexts:
- name: b-ctx
  context: { cluster: b-cluster, user: bob }
- name: a-ctx
  context: { cluster: b-cluster, user: bob }
`

describe('kubeconfig loading (client-go rules)', () => {
  it('reads KUBECONFIG files in order; the first definition of a name wins, and the first current-context', () => {
    const dir = tmpDir()
    const a = path.join(dir, 'a.yaml')
    const b = path.join(dir, 'b', 'b.yaml')
    writeFileSync(a, fileA)
    mkdirSync(path.dirname(b))
    writeFileSync(b, fileB)
    const res = loadKubeconfig({ KUBECONFIG: [a, b].join(path.delimiter) }, '/nowhere')
    expect(res.ok).toBe(true)
    if (!res.ok) return
    const merged = res.value
    expect(merged.currentContext).toBe('a-ctx')
    expect(merged.clusters.get('shared')?.body.server).toBe('https://a.example:6443')
    expect(merged.contexts.get('a-ctx')?.body.user).toBe('alice')
    expect(merged.warnings.some((w) => w.includes('"shared"') && w.includes('b.yaml'))).toBe(true)
    // Relative paths resolve against the file that holds them.
    expect(merged.clusters.get('shared')?.body['certificate-authority']).toBe(
      path.join(dir, 'certs/ca.crt'),
    )
    expect(merged.users.get('alice')?.body['client-certificate']).toBe(path.join(dir, 'alice.crt'))
    expect(merged.users.get('alice')?.body['client-key']).toBe('/abs/alice.key')
    expect((merged.users.get('bob')?.body.exec as { command: string }).command).toBe(
      path.join(dir, 'b', 'bin/get-token'),
    )
    const summary = summarize(merged)
    expect(summary.contexts.map((c) => [c.name, c.authKind, c.namespace])).toEqual([
      ['a-ctx', 'client-certificate', 'team-a'],
      ['b-ctx', 'exec', 'default'],
    ])
  })

  it('notes a KUBECONFIG file that does not exist, and fails when none does', () => {
    const dir = tmpDir()
    const a = path.join(dir, 'a.yaml')
    writeFileSync(a, fileA)
    const res = loadKubeconfig(
      { KUBECONFIG: [path.join(dir, 'missing'), a].join(path.delimiter) },
      '/nowhere',
    )
    expect(res.ok && res.value.warnings[0]).toContain('does not exist')
    const none = loadKubeconfig({ KUBECONFIG: path.join(dir, 'missing') }, '/nowhere')
    expect(none.ok).toBe(false)
    if (!none.ok) expect(none.error.kind).toBe('no-kubeconfig')
  })

  it('falls back to ~/.kube/config', () => {
    expect(kubeconfigPaths({}, '/home/x').paths).toEqual(['/home/x/.kube/config'])
    const none = loadKubeconfig({}, '/nonexistent-home')
    expect(!none.ok && none.error.kind).toBe('no-kubeconfig')
  })

  it('reports malformed YAML with its file and line', () => {
    const res = parseKubeconfigText(
      'apiVersion: v1\nclusters:\n- name: x\n  cluster: {server: "https://x}\n',
      '/k/config',
    )
    expect(res.ok).toBe(false)
    if (res.ok) return
    expect(res.error.kind).toBe('kubeconfig-malformed')
    expect(res.error.detail).toMatch(/^\/k\/config, line \d+: /)
  })

  it('reports structural problems with their line', () => {
    const res = parseKubeconfigText(
      'clusters:\n- name: ok\n  cluster: {server: "https://x"}\n- cluster: {server: "https://y"}\n',
      '/k/config',
    )
    expect(!res.ok && res.error.detail).toBe(
      '/k/config, line 4: an entry of "clusters" has no name',
    )
  })

  it('prefers the current context, else minikube, else the first', () => {
    const res = parseKubeconfigText(
      fileB.replace('current-context: b-ctx', 'current-context: gone'),
      '/k',
    )
    expect(res.ok).toBe(true)
    if (!res.ok) return
    const merged = {
      files: ['/k'],
      clusters: new Map(),
      users: new Map(),
      contexts: new Map(res.value.contexts.map((c) => [c.name, c])),
      currentContext: 'gone',
      warnings: [],
    }
    expect(defaultContextOf(merged)).toBe('b-ctx')
    merged.contexts.set('minikube', { name: 'minikube', body: {}, file: '/k' })
    expect(defaultContextOf(merged)).toBe('minikube')
  })

  it('refuses an unknown context and a context without its cluster, naming what exists', () => {
    const dir = tmpDir()
    const a = path.join(dir, 'a.yaml')
    writeFileSync(a, fileA.replace('cluster: shared, user', 'cluster: nope, user'))
    const res = loadKubeconfig({ KUBECONFIG: a }, '/nowhere')
    if (!res.ok) throw new Error('load failed')
    const unknown = contextConfig(res.value, 'zzz')
    expect(!unknown.ok && unknown.error.detail).toBe('The kubeconfig defines: a-ctx.')
    const noCluster = contextConfig(res.value, 'a-ctx')
    expect(!noCluster.ok && noCluster.error.title).toContain('names a cluster that is not defined')
  })
})
