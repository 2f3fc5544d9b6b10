// Runs guided walkthroughs against the connected cluster, one step at a time: before a step, what
// it will send; after it, what came back and how it compares with the scenario's expectation. A
// run lives in its own labelled namespace, refuses a context that does not look local unless the
// person confirmed, deletes its namespace at the end, and deletes a crashed run's on the next start.
import { releaseOf } from '@common/kubectl-releases'
import { fail, ok, type Result } from '@common/result'
import { saidError } from '@common/said-error'
import { said } from '@i18n/translate'
import type { PlannedObject, RunPlan, RunState, StepResult } from '@features/walkthroughs/messages'
import type { RequestLogEntry } from '@common/kube-types'
import type { ObjectRef } from '@features/ownership/messages'
import type { Scenario, ScenarioStep } from '@features/walkthroughs/common/scenario-format'
import type { ClusterSession } from '../../core/cluster-session'
import type { RequestLog } from '../../core/request-log'
import {
  createLabNamespace,
  deleteLabClusterObject,
  deleteLabNamespace,
  findLeftovers,
} from './lab-namespace'
import { bodyNameOf, commandTargetOf, prepareRequest, runRequest } from './request-step'
import { stepObject, stepRequestSeqs } from './step-highlight'
import { SCENARIOS, scenarioById } from './scenario-catalog'
import { fillTemplate, forRelease } from './step-checks'
import { AggregatedApis } from './aggregated-apis'
import type { AuditStream } from '../../core/audit-bus'
import { configuredMutatingWebhooks } from '../../core/request-as/dry-run-attribution'
import { RequestIdentities } from '../../core/request-as/identities'
import { labClusterObject, labNamespaceName, looksLocal } from './walkthrough-safety'

interface Run {
  state: RunState
  scenario: Scenario
  session: ClusterSession
  identities: RequestIdentities
  /** Which groups an APIService hands to another server, read again at each step. */
  aggregated: AggregatedApis
  vars: Record<string, string>
  secrets: Record<string, string>
  watchId: number | null
  /** Cluster-scoped objects its steps created (admission policies, bindings), deleted at the end. */
  clusterObjects: string[]
  /** The event store's size when the watch started: its events come after. */
  watchFrom: number
  busy: boolean
}

const unknownScenario = (id: string) =>
  fail(
    saidError(
      'bad-request',
      said('walk.err.noSuch', { id }),
      said('walk.err.noSuchDetail', { ids: SCENARIOS.map((s) => s.id).join(', ') }),
      said('walk.err.noSuchNext'),
    ),
  )

/** The objects a scenario creates, read from its POSTs and apply PATCHes. */
export function plannedObjects(scenario: Scenario): PlannedObject[] {
  const seen = new Map<string, PlannedObject>()
  for (const step of scenario.steps) {
    for (const req of step.requests) {
      const body = req.body as { kind?: string; metadata?: { name?: string } } | undefined
      const isApply = req.method === 'PATCH' && req.contentType === 'application/apply-patch+yaml'
      if (req.query?.dryRun === 'All') continue
      if ((req.method === 'POST' || isApply) && body?.kind && body.metadata?.name) {
        const key = `${body.kind}/${body.metadata.name}`
        const clusterScoped = labClusterObject(req.path, '{{ns}}', body.metadata.name) !== null
        if (!seen.has(key))
          seen.set(key, {
            kind: body.kind,
            name: body.metadata.name,
            step: step.title.en,
            ...(clusterScoped ? { clusterScoped } : {}),
          })
      }
    }
  }
  return [...seen.values()]
}

/** The step's requests for this server's release (sinceRelease, beforeRelease). */
export function requestsFor(step: ScenarioStep, session: ClusterSession) {
  const server = releaseOf(session.info.version)
  return step.requests.filter((r) => forRelease(r, server))
}

/** A step that only watches (a heartbeat) points at the object its watch expects events for. */
function watchedObject(step: ScenarioStep, vars: Record<string, string>): ObjectRef | undefined {
  const w = step.startWatch
  if (!w || !step.expectWatchEvents) return undefined
  return {
    group: w.group,
    version: w.version,
    resource: w.resource,
    namespace: fillTemplate(w.namespace, vars),
    name: fillTemplate(step.expectWatchEvents.name, vars),
  }
}

export class WalkthroughRunner {
  private readonly runs = new Map<number, Run>()
  private nextRunId = 1

  constructor(
    private readonly log: RequestLog,
    /** The core's audit stream: a dry-run's event names the webhooks called (admissionOf). */
    private readonly audit?: AuditStream,
  ) {}

  catalog(): Scenario[] {
    return SCENARIOS
  }

  private inUse(): Set<string> {
    return new Set(
      [...this.runs.values()].filter((r) => !r.state.finished).map((r) => r.state.namespace),
    )
  }

  async plan(session: ClusterSession, scenarioId: string): Promise<Result<RunPlan>> {
    const scenario = scenarioById(scenarioId)
    if (!scenario) return unknownScenario(scenarioId)
    const local = looksLocal(session.info.context, session.info.server)
    const leftovers = await findLeftovers(session.transport, this.inUse())
    const namespace = labNamespaceName()
    return ok({
      scenarioId,
      namespace,
      context: session.info.context,
      server: session.info.server,
      local: local.local,
      localReason: local.reason.text,
      localReasonSaid: local.reason.as,
      // A cluster-scoped policy is named after the namespace: `{{ns}}-max-replicas`.
      creates: plannedObjects(scenario).map((o) => ({
        ...o,
        name: fillTemplate(o.name, { ns: namespace }),
      })),
      leftovers: leftovers.ok ? leftovers.value : [],
    })
  }

  async cleanupLeftovers(session: ClusterSession): Promise<Result<{ deleted: string[] }>> {
    const leftovers = await findLeftovers(session.transport, this.inUse())
    if (!leftovers.ok) return leftovers
    const deleted: string[] = []
    for (const name of leftovers.value) {
      if ((await deleteLabNamespace(session.transport, name)).ok) deleted.push(name)
    }
    return ok({ deleted })
  }

  async start(
    session: ClusterSession,
    args: { scenarioId: string; namespace: string; confirmWrites: true; confirmNotLocal: boolean },
  ): Promise<Result<RunState>> {
    const scenario = scenarioById(args.scenarioId)
    if (!scenario) return unknownScenario(args.scenarioId)
    const local = looksLocal(session.info.context, session.info.server)
    if (!local.local && !args.confirmNotLocal) {
      return fail(
        saidError(
          'forbidden',
          said('walk.err.notLocal'),
          local.reason,
          said('walk.err.notLocalNext'),
        ),
      )
    }
    await this.cleanupLeftovers(session)
    const created = await createLabNamespace(session.transport, args.namespace, scenario.id)
    if (!created.ok) return created
    const run: Run = {
      state: {
        runId: this.nextRunId++,
        scenarioId: scenario.id,
        namespace: args.namespace,
        context: session.info.context,
        stepIndex: 0,
        done: false,
        finished: false,
        results: [],
        next: [],
      },
      scenario,
      session,
      identities: new RequestIdentities(session, this.log),
      aggregated: new AggregatedApis(session.transport),
      // {{nsUid}}: for the owner reference of a cluster-scoped object, so that deleting the
      // namespace also deletes it (garbage collector), should the run crash before its end.
      vars: { nsUid: created.value.uid },
      secrets: {},
      watchId: null,
      clusterObjects: [],
      watchFrom: 0,
      busy: false,
    }
    this.refreshPreview(run)
    this.runs.set(run.state.runId, run)
    return ok(run.state)
  }

  private refreshPreview(run: Run): void {
    const step = run.scenario.steps[run.state.stepIndex]
    const vars = { ...run.vars, ns: run.state.namespace }
    run.state = {
      ...run.state,
      done: run.state.stepIndex >= run.scenario.steps.length,
      next: step
        ? requestsFor(step, run.session).map(
            (r) => prepareRequest(r, vars, commandTargetOf(run.session)).preview,
          )
        : [],
    }
  }

  private get(runId: number): Result<Run> {
    const run = this.runs.get(runId)
    if (!run || run.state.finished) {
      return fail(
        saidError(
          'bad-request',
          said('walk.err.notRunning'),
          said('walk.err.notRunningDetail', { runId }),
          said('walk.err.notRunningNext'),
        ),
      )
    }
    return ok(run)
  }

  async step(runId: number): Promise<Result<RunState>> {
    const got = this.get(runId)
    if (!got.ok) return got
    const run = got.value
    const step = run.scenario.steps[run.state.stepIndex]
    if (!step || run.busy) return ok(run.state)
    run.busy = true
    // Every entry logged meanwhile; the step's own are picked out by verb and path afterwards.
    const logged: RequestLogEntry[] = []
    const unsubscribe = this.log.subscribe((e) => logged.push(e))
    try {
      const result: StepResult = { index: run.state.stepIndex, requests: [], ok: true }
      const vars = { ...run.vars, ns: run.state.namespace }
      if (step.startWatch) {
        const w = step.startWatch
        const status = run.session.watches.start({
          group: w.group,
          version: w.version,
          resource: w.resource,
          namespace: fillTemplate(w.namespace, vars),
          ...(w.fieldSelector ? { fieldSelector: fillTemplate(w.fieldSelector, vars) } : {}),
          ...(w.labelSelector ? { labelSelector: fillTemplate(w.labelSelector, vars) } : {}),
          // The walkthroughs tell list-then-watch (the seed's way): their watch starts that way.
          mode: 'list-watch',
        })
        if (run.watchId !== null) run.session.watches.stop(run.watchId)
        run.watchId = status.id
        run.watchFrom = run.session.watches.store.size
        result.watch = {
          id: status.id,
          label: status.label,
          ...(status.labelSaid ? { labelSaid: status.labelSaid } : {}),
        }
        // The list comes first; writes made before it would arrive as LISTED, not ADDED.
        await waitFor(
          () =>
            run.session.watches.statuses().find((s) => s.id === status.id)?.state === 'watching',
          10_000,
        )
      }
      // APIServices come and go between steps (a presenter enables metrics-server): read again.
      run.aggregated.forget()
      for (const req of requestsFor(step, run.session)) {
        const outcome = await runRequest(req, {
          namespace: run.state.namespace,
          commands: commandTargetOf(run.session),
          identities: run.identities,
          aggregated: run.aggregated,
          ...(this.audit ? { audit: this.audit } : {}),
          configuredWebhooks: () => configuredMutatingWebhooks(run.session),
          server: releaseOf(run.session.info.version),
          vars: run.vars,
          secrets: run.secrets,
        })
        result.requests.push(outcome)
        const clusterObject =
          req.method === 'POST' && outcome.status !== null && outcome.status < 300
            ? labClusterObject(
                outcome.preview.path,
                run.state.namespace,
                bodyNameOf(prepareRequest(req, vars)),
              )
            : null
        if (clusterObject && req.query?.dryRun !== 'All') run.clusterObjects.push(clusterObject)
        if (!outcome.ok) result.ok = false
        if (outcome.error) break
      }
      if (step.expectWatchEvents && run.watchId !== null) {
        const expect = step.expectWatchEvents
        const name = fillTemplate(expect.name, { ...run.vars, ns: run.state.namespace })
        const watchId = run.watchId
        const seen = () =>
          run.session.watches.store
            .events(run.watchFrom)
            .filter((e) => e.watch === watchId && e.name === name && e.type !== 'BOOKMARK')
            .map((e) => e.type)
        await waitFor(() => seen().length >= expect.types.length, expect.withinMs ?? 5000)
        const observed = seen()
        const delivered = said('check.watchDelivered', { name })
        const none = said('check.none')
        result.watchCheck = {
          label: delivered.text,
          labelSaid: delivered.as,
          expected: expect.types.join(', '),
          observed: observed.join(', ') || none.text,
          ...(observed.length ? {} : { observedSaid: none.as }),
          ok: observed.join(',') === expect.types.join(','),
          soft: false,
        }
        if (!result.watchCheck.ok) result.ok = false
      }
      result.requestSeqs = stepRequestSeqs(logged, result.requests)
      const object = stepObject(result.requests) ?? watchedObject(step, vars)
      if (object) result.object = object
      run.state = {
        ...run.state,
        stepIndex: run.state.stepIndex + 1,
        results: [...run.state.results, result],
      }
      this.refreshPreview(run)
      return ok(run.state)
    } finally {
      unsubscribe()
      run.busy = false
    }
  }

  async finish(runId: number): Promise<Result<RunState>> {
    const got = this.get(runId)
    if (!got.ok) return got
    const run = got.value
    if (run.watchId !== null) run.session.watches.stop(run.watchId)
    run.identities.close()
    // Bindings first (they were created after their policies).
    for (const path of [...run.clusterObjects].reverse())
      await deleteLabClusterObject(run.session.transport, path)
    const deleted = await deleteLabNamespace(run.session.transport, run.state.namespace)
    run.state = { ...run.state, finished: true, next: [] }
    this.runs.delete(runId)
    return deleted.ok ? ok(run.state) : deleted
  }
}

async function waitFor(probe: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (!probe()) {
    if (Date.now() > deadline) return false
    await new Promise((r) => setTimeout(r, 50))
  }
  return true
}
