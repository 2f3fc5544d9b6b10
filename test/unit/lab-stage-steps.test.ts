// StagePath's model: the mark of each stage for verdicts of responses recorded from the real server.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { requestPath, stageOfResponse, WRITE_PATH } from '@common/request-stages'
import { pathFor, stageSteps, stopSentence, travelLength } from '@common/stage-steps'

const dir = path.join(__dirname, '../fixtures/recorded/1.20/stages')

function verdictOf(file: string) {
  const f = JSON.parse(readFileSync(path.join(dir, file), 'utf8'))
  const dryRun = String(f.request.path).includes('dryRun=All')
  return stageOfResponse({
    method: f.request.method,
    dryRun,
    status: f.response.status,
    body: f.response.body,
    headers: f.response.headers,
  })
}

const marks = (file: string, verb?: string) =>
  Object.fromEntries(stageSteps(verdictOf(file), verb).map((s) => [s.id, s.mark]))

describe('stage steps', () => {
  it('anonymous list: passed authentication and flow control, refused at authorization', () => {
    const steps = stageSteps(verdictOf('identity-anonymous-list-403.json'), 'list')
    expect(steps.map((s) => s.mark)).toEqual(['passed', 'passed', 'refused', 'not-reached'])
    expect(travelLength(steps)).toBe(3)
    expect(stopSentence(verdictOf('identity-anonymous-list-403.json'), steps)).toBe(
      'Stopped at Authorization (RBAC, Node).',
    )
  })

  it('invented token: refused at authentication, nothing passed', () => {
    const m = marks('identity-invented-token-401.json', 'list')
    expect(m.authentication).toBe('refused')
    expect(m.authorization).toBe('not-reached')
  })

  it('dry run: every stage passed, etcd marked as the dry-run stop', () => {
    const steps = stageSteps(verdictOf('dry-run-create-pod-201.json'), 'create')
    expect(steps.at(-1)).toMatchObject({ id: 'persistence', mark: 'dry-run' })
    expect(steps.slice(0, -1).every((s) => s.mark === 'passed')).toBe(true)
    expect(travelLength(steps)).toBe(steps.length)
  })

  it('422 stops at schema validation; 409 AlreadyExists at etcd', () => {
    expect(marks('create-invalid-name-422.json', 'create')['schema-validation']).toBe('refused')
    expect(marks('create-again-409-already-exists.json', 'create').persistence).toBe('refused')
  })

  it('a get goes the read path to the watch cache or etcd', () => {
    const steps = stageSteps(verdictOf('get-200.json'), 'get')
    expect(steps.map((s) => s.id)).toContain('storage-read')
    expect(steps.every((s) => s.mark === 'passed')).toBe(true)
  })

  it('a stale PUT (409 Conflict) shows no check on validation: the precondition is checked first', () => {
    const verdict = verdictOf('put-stale-resourceversion-409-conflict.json')
    const steps = stageSteps(verdict, 'update')
    const m = Object.fromEntries(steps.map((s) => [s.id, s.mark]))
    expect(m['mutating-admission']).toBe('passed')
    expect(m['schema-validation']).toBe('not-reached')
    expect(m['validating-admission']).toBe('not-reached')
    expect(m.persistence).toBe('refused')
    // Only the verdict's passed stages are checked, never "everything before the stop".
    expect(steps.filter((s) => s.mark === 'passed').map((s) => s.id)).toEqual(verdict.passed)
    expect(travelLength(steps)).toBe(steps.length)
  })

  it('a DELETE is not schema-validated: that stage is not part of it', () => {
    const verdict = verdictOf('delete-200.json')
    expect(verdict.path).not.toContain('schema-validation')
    const m = Object.fromEntries(stageSteps(verdict, 'delete').map((s) => [s.id, s.mark]))
    expect(m['schema-validation']).toBe('not-applicable')
    expect(m['validating-admission']).toBe('passed')
    expect(m.persistence).toBe('passed')
    expect(stopSentence(verdict, stageSteps(verdict, 'delete'))).toBe(
      'Went through every stage of this request; Schema validation is not part of it.',
    )
  })

  it('a TokenRequest is answered without etcd: no check on etcd', () => {
    // The shape of a TokenRequest answer (status.token elided): pure logic, no server needed.
    const verdict = stageOfResponse({
      method: 'POST',
      verb: 'create',
      resource: 'serviceaccounts/token',
      status: 201,
      body: { kind: 'TokenRequest', apiVersion: 'authentication.k8s.io/v1', metadata: {} },
    })
    const steps = stageSteps(verdict, 'create')
    const m = Object.fromEntries(steps.map((s) => [s.id, s.mark]))
    expect(m.persistence).toBe('not-applicable')
    expect(m['schema-validation']).toBe('passed')
    expect(steps.filter((s) => s.mark === 'passed').map((s) => s.id)).toEqual(
      WRITE_PATH.filter((s) => s !== 'persistence'),
    )
    expect(travelLength(steps)).toBe(7)
  })

  it('a done verdict never checks a stage its passed does not list', () => {
    const verdict = {
      stoppedAt: 'done' as const,
      passed: ['authentication' as const, 'flow-control' as const],
      candidates: [],
      outcome: 'success' as const,
      explanation: '',
      details: { httpStatus: 201 },
    }
    const marks = stageSteps(verdict, 'create').map((s) => s.mark)
    expect(marks.filter((m) => m === 'passed')).toHaveLength(2)
    expect(marks.slice(2).every((m) => m === 'unknown')).toBe(true)
  })

  it('each verb has its own path; computed resources have no etcd', () => {
    expect(requestPath({ verb: 'list' })).toContain('storage-read')
    expect(requestPath({ verb: 'deletecollection' })).not.toContain('schema-validation')
    expect(requestPath({ verb: 'create', resource: 'tokenreviews' })).toEqual([
      'authentication',
      'flow-control',
      'authorization',
      'decoding',
      'mutating-admission',
      'validating-admission',
    ])
    expect(requestPath({ method: 'PUT', resource: 'configmaps' })).toEqual([...WRITE_PATH])
    // A verdict recorded before paths existed: derived from the verb.
    expect(pathFor(null, 'delete')).not.toContain('schema-validation')
  })

  it('no verdict: every stage waits', () => {
    expect(stageSteps(null, 'create').every((s) => s.mark === 'not-reached')).toBe(true)
    expect(stopSentence(null, [])).toBe('No request sent yet.')
  })
})
