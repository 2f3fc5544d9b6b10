// A walkthrough's own namespace: created labelled (so a crashed run's leftovers can be found on the
// next start), waited for (the controller-manager adds its `default` ServiceAccount, which Pod
// admission and TokenRequest need), and deleted at the end.
import { hostname } from 'node:os'
import { fail, ok, type Result } from '@common/result'
import { saidError } from '@common/said-error'
import { said } from '@i18n/translate'
import type { KubeTransport } from '../../core/kube-transport'
import { LAB_LABEL, MANAGED_BY } from './walkthrough-safety'

const NAMESPACES = '/api/v1/namespaces'
const OWNER = 'apiscope.io/owner'
/** A run on another machine is presumed crashed after this long. */
const FOREIGN_RUN_MS = 60 * 60 * 1000

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

interface LabNamespaceMeta {
  name: string
  deletionTimestamp?: string
  annotations?: Record<string, string>
}

/** Left behind by a run that is gone: its process died here, or it is old and from elsewhere. */
export function isAbandoned(meta: LabNamespaceMeta, now = Date.now()): boolean {
  const [host, pid] = (meta.annotations?.[OWNER] ?? '').split('/')
  if (host === hostname() && pid) return Number(pid) !== process.pid && !alive(Number(pid))
  const started = Date.parse(meta.annotations?.['apiscope.io/started-at'] ?? '')
  return !Number.isFinite(started) || now - started > FOREIGN_RUN_MS
}

export async function createLabNamespace(
  transport: KubeTransport,
  name: string,
  scenarioId: string,
): Promise<Result<{ uid: string }>> {
  const created = await transport.json<{ metadata?: { uid?: string } }>({
    method: 'POST',
    path: NAMESPACES,
    body: {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: {
        name,
        labels: { [MANAGED_BY]: 'apiscope', [LAB_LABEL]: scenarioId },
        annotations: {
          'apiscope.io/started-at': new Date().toISOString(),
          [OWNER]: `${hostname()}/${process.pid}`,
        },
      },
    },
  })
  if (!created.ok) return created
  // Up to 15 s for the ServiceAccount controller; without it the first Pod dry-run fails with
  // `serviceaccount "default" not found`. A cluster without a controller-manager goes on anyway.
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    const sa = await transport.request({ path: `${NAMESPACES}/${name}/serviceaccounts/default` })
    if (sa.status === 200) break
    await new Promise((r) => setTimeout(r, 250))
  }
  // Its uid, for the owner reference of the cluster-scoped objects a walkthrough creates.
  return ok({ uid: created.value.metadata?.uid ?? '' })
}

/** Deletes a cluster-scoped object a walkthrough created (labClusterObject); gone already is fine. */
export async function deleteLabClusterObject(
  transport: KubeTransport,
  path: string,
): Promise<boolean> {
  const res = await transport.request({ method: 'DELETE', path })
  return res.status === 200 || res.status === 202 || res.status === 404
}

export async function deleteLabNamespace(
  transport: KubeTransport,
  name: string,
): Promise<Result<void>> {
  if (!name.startsWith('apiscope-lab-')) {
    return fail(
      saidError(
        'bad-request',
        said('walk.err.refuseDelete', { name }),
        said('walk.err.refuseDeleteDetail'),
        said('walk.err.refuseDeleteNext'),
      ),
    )
  }
  const res = await transport.request({
    method: 'DELETE',
    path: `${NAMESPACES}/${name}`,
    body: { propagationPolicy: 'Background' },
  })
  if (res.status === 200 || res.status === 202 || res.status === 404) return ok(undefined)
  // The server's answer as it came: its code, its text and the start of its body.
  return fail(
    saidError(
      'http',
      said('walk.err.deleteFailed', { name }),
      `${res.status} ${res.statusText}: ${res.body.slice(0, 300)}`,
      said('walk.err.deleteFailedNext', { name }),
    ),
  )
}

/** Labelled walkthrough namespaces of runs that are gone (and not being deleted already). */
export async function findLeftovers(
  transport: KubeTransport,
  inUse: ReadonlySet<string>,
): Promise<Result<string[]>> {
  const list = await transport.json<{ items: { metadata: LabNamespaceMeta }[] }>({
    path: NAMESPACES,
    query: { labelSelector: `${MANAGED_BY}=apiscope,${LAB_LABEL}` },
  })
  if (!list.ok) return list
  return ok(
    list.value.items
      .filter((ns) => !ns.metadata.deletionTimestamp && !inUse.has(ns.metadata.name))
      .filter((ns) => ns.metadata.name.startsWith('apiscope-lab-') && isAbandoned(ns.metadata))
      .map((ns) => ns.metadata.name),
  )
}
