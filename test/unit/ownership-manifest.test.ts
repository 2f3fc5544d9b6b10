// The what-if apply's manifest handling: one object in YAML or JSON, and the two ways out of a
// conflict that edit it (drop the fields; set the live values to co-own them). The live object is
// the Deployment recorded on the real v1.20.2 server; the manifests are inline.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { findOwnedField, indexOwnership } from '@common/managed-fields'
import {
  coOwnFields,
  dropFields,
  parseManifest,
  printManifest,
} from '../../src-main/features/ownership/manifest-edits'
import { kubectlApplyCommand } from '../../src-main/features/ownership/what-if-apply'

const live = JSON.parse(
  readFileSync(
    path.join(
      __dirname,
      '../fixtures/recorded/1.20/managed-fields/deployment-vitrine-3-edited.json',
    ),
    'utf8',
  ),
) as Record<string, unknown>
const index = indexOwnership(live)
const segmentsOf = (text: string) => {
  const field = findOwnedField(index, text)
  if (!field) throw new Error(`no owned field ${text}`)
  return field.segments
}

const MANIFEST = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: vitrine
spec:
  replicas: 2
  template:
    spec:
      containers:
        - name: web
          image: agnhost:2.61
          ports:
            - containerPort: 8080
              name: http
            - containerPort: 5353
              name: dns-tcp
              protocol: TCP
`

describe('parseManifest', () => {
  it('reads one object from YAML or JSON', () => {
    const yaml = parseManifest(MANIFEST)
    expect(
      yaml.ok && [yaml.value.kind, yaml.value.name, yaml.value.namespace, yaml.value.format],
    ).toEqual(['Deployment', 'vitrine', null, 'yaml'])
    const json = parseManifest(
      '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","namespace":"b"}}',
    )
    expect(json.ok && [json.value.namespace, json.value.format]).toEqual(['b', 'json'])
  })

  it('refuses what the server could not apply, saying why', () => {
    const titles = ['', 'a: [', 'just text', 'kind: X\nmetadata: {}', 'a: 1\n---\nb: 2'].map(
      (text) => {
        const res = parseManifest(text)
        return res.ok ? 'ok' : res.error.title
      },
    )
    expect(titles).toEqual([
      'The manifest is empty',
      'The manifest is not valid YAML or JSON',
      'The manifest is not an object',
      'The manifest has no apiVersion, metadata.name',
      'The manifest holds 2 objects',
    ])
  })
})

describe('the ways out of a conflict', () => {
  const manifest = (() => {
    const res = parseManifest(MANIFEST)
    if (!res.ok) throw new Error(res.error.title)
    return res.value.object
  })()

  it('drops fields, list items matched by key even when the manifest leaves a defaulted key out', () => {
    const { object, edits } = dropFields(manifest, [
      segmentsOf('.spec.replicas'),
      segmentsOf(
        '.spec.template.spec.containers[name="web"].ports[containerPort=8080,protocol="TCP"].name',
      ),
      segmentsOf('.metadata.annotations.deployment.kubernetes.io/revision'),
    ])
    expect(edits).toEqual([
      'dropped .spec.replicas',
      'dropped .spec.template.spec.containers[name="web"].ports[containerPort=8080,protocol="TCP"].name',
      '.metadata.annotations.deployment.kubernetes.io/revision: not in the manifest, nothing to drop',
    ])
    const printed = printManifest(object, 'yaml')
    expect(printed).not.toContain('replicas')
    expect(printed).not.toContain('name: http')
    // The original is untouched.
    expect(MANIFEST).toContain('replicas: 2')
  })

  it('co-owns by setting the live values, adding a field the manifest lacks', () => {
    const { object, edits } = coOwnFields(
      manifest,
      [
        segmentsOf('.spec.replicas'),
        segmentsOf('.spec.template.spec.containers[name="web"].image'),
        // A default nobody owns: a conflict never names it, but the edit works for any path.
        [
          { kind: 'field', name: 'spec' },
          { kind: 'field', name: 'revisionHistoryLimit' },
        ],
      ],
      live,
    )
    expect(edits[0]).toBe('set .spec.replicas to the live value 4')
    expect(edits[1]).toMatch(
      /^set \.spec\.template\.spec\.containers\[name="web"\]\.image to the live value ".*agnhost:2\.62"$/,
    )
    expect(edits[2]).toBe('added .spec.revisionHistoryLimit with the live value 10')
    const spec = object.spec as { replicas: number; revisionHistoryLimit: number }
    expect([spec.replicas, spec.revisionHistoryLimit]).toEqual([4, 10])
  })

  it('prints the kubectl command of the same dry-run', () => {
    expect(kubectlApplyCommand('minikube', 'equipe-web', false)).toBe(
      "kubectl --context 'minikube' apply --server-side --field-manager='equipe-web' --dry-run=server -f manifest.yaml",
    )
    expect(kubectlApplyCommand('minikube', 'equipe-web', true)).toContain('--force-conflicts')
  })
})
