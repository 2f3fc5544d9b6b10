// StagePath's model: the mark of each stage for verdicts of responses recorded from the real server.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { stageOfResponse } from '@common/request-stages'
import { stageSteps, stopSentence, travelLength } from '@common/stage-steps'

const dir = path.join(__dirname, '../fixtures/recorded/stages')

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

  it('no verdict: every stage waits', () => {
    expect(stageSteps(null, 'create').every((s) => s.mark === 'not-reached')).toBe(true)
    expect(stopSentence(null, [])).toBe('No request sent yet.')
  })
})
