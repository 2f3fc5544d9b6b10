// What "Look at …" marks: the step's object read from its requests, and its own log entries.
import { describe, expect, it } from 'vitest'
import type { RequestLogEntry } from '@common/kube-types'
import type { RequestOutcome } from '@features/walkthroughs/messages'
import {
  objectOfRequest,
  stepObject,
  stepRequestSeqs,
} from '../../src-main/features/walkthroughs/step-highlight'

const outcome = (method: string, url: string, status: number | null, body?: string) =>
  ({
    preview: {
      method,
      path: url.split('?')[0],
      url,
      identity: 'kubeconfig',
      identityLabel: '',
      writes: method !== 'GET',
      ...(body ? { body } : {}),
    },
    status,
  }) as RequestOutcome

describe('the object a step points at', () => {
  it('reads core and group paths, and a POST body', () => {
    expect(objectOfRequest(outcome('GET', '/api/v1/namespaces/lab/configmaps/a', 200))).toEqual({
      group: '',
      version: 'v1',
      resource: 'configmaps',
      namespace: 'lab',
      name: 'a',
    })
    expect(
      objectOfRequest(outcome('PATCH', '/apis/apps/v1/namespaces/lab/deployments/d/scale', 200)),
    ).toMatchObject({ group: 'apps', version: 'v1', resource: 'deployments', name: 'd' })
    expect(
      objectOfRequest(
        outcome('POST', '/api/v1/namespaces/lab/configmaps', 201, '{"metadata":{"name":"b"}}'),
      ),
    ).toMatchObject({ name: 'b' })
    expect(
      objectOfRequest(outcome('GET', '/api/v1/namespaces/lab/configmaps', 200)),
    ).toBeUndefined()
    expect(objectOfRequest(outcome('GET', '/readyz', 200))).toBeUndefined()
  })

  it('prefers the last real write to reads and dry runs', () => {
    const ref = stepObject([
      outcome('POST', '/api/v1/namespaces/lab/pods?dryRun=All', 201, '{"metadata":{"name":"p"}}'),
      outcome('PUT', '/api/v1/namespaces/lab/configmaps/w', 200),
      outcome('GET', '/api/v1/namespaces/lab/configmaps/r', 200),
    ])
    expect(ref?.name).toBe('w')
  })
})

describe("the step's own log entries", () => {
  it('match by verb and path, retries included, others left out', () => {
    const entry = (seq: number, method: string, url: string) =>
      ({ seq, method, url }) as RequestLogEntry
    const seqs = stepRequestSeqs(
      [
        entry(1, 'GET', 'https://127.0.0.1:6443/api/v1/namespaces/lab/configmaps/a'),
        entry(2, 'GET', 'https://127.0.0.1:6443/api/v1/namespaces/lab/configmaps?watch=true'),
        entry(3, 'GET', 'https://127.0.0.1:6443/api/v1/namespaces/lab/configmaps/a'),
        entry(4, 'GET', 'https://127.0.0.1:6443/apis/apps/v1/deployments'),
      ],
      [outcome('GET', '/api/v1/namespaces/lab/configmaps/a', 200)],
    )
    expect(seqs).toEqual([1, 3])
  })
})
