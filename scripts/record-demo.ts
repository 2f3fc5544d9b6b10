// `npm run record:demo`: regenerates resources/demo/ from a REAL control plane (the test harness's
// kube-apiserver of APISCOPE_K8S, 1.37 by default, + etcd + controller-manager + scheduler, started
// here unless APISCOPE_CLUSTER_STATE names a running one), recording while it runs the seed
// chapter's experiments through Apiscope's own transport, so the demo's Requests view shows them
// too: the ConfigMap verbs (201, 409 AlreadyExists, merge and JSON patch, a stale PUT's 409
// Conflict, DELETE), a paged list with continue tokens, the same ConfigMaps as a streaming list
// (initial events, then the initial-events-end bookmark), a Deployment's server-side apply, its conflict and
// --force-conflicts (with what-if dry-runs the Ownership view shows), the request lab's sends (four
// identities, the bare Pod dry-run and its attribution, the 422 of Reglages_1), a Deployment
// rollout on a simulated node (the rollout trace), a Secret (redacted in the file), the audit
// stream (live traffic), a ValidatingAdmissionPolicy refusing 7 replicas in the lab (1.30+), and a
// real 410 Expired after an API server crash. Markers name each step, in English and French (as
// the title: the recording's own words in both languages, docs/recording-format.md).
import { mkdirSync, renameSync, statSync } from 'node:fs'
import path from 'node:path'
import { ApiscopeCore } from '../src-main/assembly/apiscope-core'
import type { ClusterSession } from '../src-main/core/cluster-session'
import {
  ADMIN_CONTEXT,
  readClusterInfo,
  REPO_ROOT,
  restartApiserver,
  startControlPlane,
  stopControlPlane,
  type ClusterInfo,
} from '../test/cluster/control-plane'
import { SimulatedNode } from '../test/cluster/simulated-node'
import {
  BARE_POD_YAML,
  REGLAGES_YAML,
  vitrineManifest,
} from '../src-main/common/lab-seed-manifests'
import type { LabRequestSpec } from '../src-main/features/lab/messages'
import { REQUEST_IDENTITIES } from '../src-main/common/request-identities'

const NS = 'ch34'
const OUT_DIR = path.join(REPO_ROOT, 'resources/demo')
const OUT = path.join(OUT_DIR, 'seed-chapter-34.ndjson.gz')
const IMAGE_V2 = 'registry.k8s.io/e2e-test-images/agnhost:2.62'
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * The demo's own words, its title and markers, written here in both languages: data of this
 * recording (a recording's `titleByLanguage`, a marker's `noteByLanguage`), not the catalogue's;
 * the plain `title` and `note` keep the English for a reader that knows one language only.
 */
type Written = { en: string; fr: string }
const TITLE: Written = {
  en: 'Seed chapter 34: the API server, verb by verb',
  fr: 'Chapitre 34 du cours : le serveur d’API, verbe par verbe',
}
const written = (title: Written) => ({ title: title.en, titleByLanguage: title })

async function until(what: string, probe: () => boolean, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!probe()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await pause(50)
  }
}

async function untilAsync(what: string, probe: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + 60_000
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await pause(1000)
  }
}

async function send(
  session: ClusterSession,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  p: string,
  body?: unknown,
  contentType?: string,
  query?: Record<string, string>,
) {
  const res = await session.transport.request({
    method,
    path: p,
    ...(body !== undefined ? { body } : {}),
    ...(contentType ? { contentType } : {}),
    ...(query ? { query } : {}),
  })
  console.log(`  ${method} ${p} -> ${res.status}`)
  return {
    status: res.status,
    body: JSON.parse(res.body || '{}') as { metadata?: { resourceVersion?: string } },
  }
}

const vitrine = (replicas: number) => vitrineManifest(NS, replicas)

async function run(info: ClusterInfo): Promise<void> {
  const core = new ApiscopeCore({
    host: 'browser',
    version: 'demo',
    env: { KUBECONFIG: info.kubeconfig },
    home: '/nonexistent',
  })
  const connected = await core.invoke('kube:connect', { context: ADMIN_CONTEXT })
  if (!connected.ok) throw new Error(connected.error.title)
  const session = core.currentSession as ClusterSession
  await send(session, 'POST', '/api/v1/namespaces', { metadata: { name: NS } })
  // The control plane has no kubelet: a simulated node agent runs the rollout's Pods.
  const node = SimulatedNode.fromKubeconfig(info.kubeconfig, ADMIN_CONTEXT, {
    name: 'noeud-demo',
    renewEveryMs: 2000,
  })
  await node.start()
  await pause(1000)

  mkdirSync(OUT_DIR, { recursive: true })
  const partial = `${OUT}.partial`
  const started = await core.recording.start({
    path: partial,
    gzip: true,
    ...written(TITLE),
  })
  if (!started.ok) throw new Error(started.error.title)
  const mark = async (note: Written) => {
    console.log(`# ${note.en}`)
    core.recording.marker(note.en, note)
    await pause(1200)
  }
  /** Through the core, as the renderer asks: the answer is recorded for the replay to show. */
  const invoke = async (channel: Parameters<typeof core.invoke>[0], payload: unknown) => {
    const res = (await core.invoke(channel, payload as never)) as { ok: boolean }
    console.log(`  ${channel} -> ${res.ok ? 'ok' : JSON.stringify(res)}`)
    return res
  }
  const lab = (spec: Partial<LabRequestSpec>) =>
    invoke('lab:send', {
      identity: 'kubeconfig',
      verb: 'list',
      group: '',
      version: 'v1',
      resource: 'configmaps',
      namespace: NS,
      ...spec,
    })
  const audit = await core.invoke('traffic:start-log-tail', { path: info.auditLog })
  if (!audit.ok) console.log(`(no audit stream in the demo: ${audit.error.title})`)

  const cm = `/api/v1/namespaces/${NS}/configmaps`
  await mark({
    en: 'Watch ConfigMaps and Deployments in ch34: list, then watch',
    fr: 'Surveiller les ConfigMaps et les Deployments de ch34 : list, puis watch',
  })
  // The seed's list then watch, asked for by name (auto would stream on 1.37: shown further on).
  for (const target of [
    { group: '', version: 'v1', resource: 'configmaps', namespace: NS, mode: 'list-watch' },
    { group: 'apps', version: 'v1', resource: 'deployments', namespace: NS, mode: 'list-watch' },
    { group: '', version: 'v1', resource: 'secrets', namespace: NS, mode: 'list-watch' },
  ] as const) {
    await core.invoke('watch:start', { target })
  }
  await until('the watches', () => session.watches.statuses().every((s) => s.state === 'watching'))
  await pause(1500)

  await mark({
    en: 'POST creates reglages: 201, a uid and a resourceVersion',
    fr: 'POST crée reglages : 201, un uid et un resourceVersion',
  })
  const reglages = { metadata: { name: 'reglages' }, data: { couleur: 'bleu', taille: 'M' } }
  const created = await send(session, 'POST', cm, reglages)
  await pause(1500)
  await mark({
    en: 'POST again: 409 AlreadyExists (POST creates, it does not replace)',
    fr: 'POST une seconde fois : 409 AlreadyExists (POST crée, il ne remplace pas)',
  })
  await send(session, 'POST', cm, reglages)
  await pause(1500)
  await mark({
    en: 'Merge patch, then JSON patch: each write moves the resourceVersion',
    fr: 'Merge patch, puis JSON patch : chaque écriture fait avancer le resourceVersion',
  })
  await send(
    session,
    'PATCH',
    `${cm}/reglages`,
    { data: { couleur: 'vert' } },
    'application/merge-patch+json',
  )
  await pause(1200)
  await send(
    session,
    'PATCH',
    `${cm}/reglages`,
    [{ op: 'add', path: '/data/forme', value: 'ronde' }],
    'application/json-patch+json',
  )
  await pause(1500)
  await mark({
    en: 'PUT with a stale resourceVersion: 409 Conflict (someone wrote in between)',
    fr: 'PUT avec un resourceVersion périmé : 409 Conflict (quelqu’un a écrit entre-temps)',
  })
  await send(session, 'PUT', `${cm}/reglages`, {
    ...reglages,
    metadata: { name: 'reglages', resourceVersion: created.body.metadata?.resourceVersion },
  })
  await pause(1500)
  await mark({ en: 'DELETE: the watch says DELETED', fr: 'DELETE : le watch dit DELETED' })
  await send(session, 'DELETE', `${cm}/reglages`)
  await pause(1500)

  await mark({
    en: 'Seven ConfigMaps, then a list three by three: pages and continue tokens',
    fr: 'Sept ConfigMaps, puis un list trois par trois : pages et jetons continue',
  })
  for (let i = 1; i <= 7; i++) {
    await send(session, 'POST', cm, {
      metadata: { name: `carton-${i}`, labels: { serie: 'cartons' } },
      data: { n: String(i) },
    })
    await pause(250)
  }
  await core.invoke('watch:start', {
    target: {
      group: '',
      version: 'v1',
      resource: 'configmaps',
      namespace: NS,
      labelSelector: 'serie=cartons',
      pageSize: 3,
      mode: 'list-watch',
    },
  })
  await pause(2000)
  await mark({
    en: 'The same ConfigMaps as a streaming list: initial ADDED events, then the initial-events-end bookmark',
    fr: 'Les mêmes ConfigMaps en liste en flux (streaming list) : les événements ADDED initiaux, puis le bookmark initial-events-end',
  })
  await core.invoke('watch:start', {
    target: {
      group: '',
      version: 'v1',
      resource: 'configmaps',
      namespace: NS,
      labelSelector: 'serie=cartons',
      mode: 'streaming-list',
    },
  })
  await pause(2500)

  await mark({
    en: 'A Secret: its values never leave Apiscope (redacted in this file)',
    fr: 'Un Secret : ses valeurs ne sortent jamais d’Apiscope (masquées dans ce fichier)',
  })
  await send(session, 'POST', `/api/v1/namespaces/${NS}/secrets`, {
    metadata: { name: 'acces' },
    stringData: { motdepasse: 'demo-value-never-shown' },
  })
  await pause(1500)

  const deploy = `/apis/apps/v1/namespaces/${NS}/deployments`
  await mark({
    en: 'Server-side apply as equipe-web: managedFields records its fields',
    fr: 'Server-side apply par equipe-web : managedFields enregistre ses champs',
  })
  await send(session, 'PATCH', `${deploy}/vitrine`, vitrine(2), 'application/apply-patch+yaml', {
    fieldManager: 'equipe-web',
  })
  await pause(2500)
  await mark({
    en: 'Another manager (kubectl-patch) sets replicas to 4 and takes the field',
    fr: 'Un autre gestionnaire (kubectl-patch) met replicas à 4 et prend le champ',
  })
  await send(
    session,
    'PATCH',
    `${deploy}/vitrine`,
    { spec: { replicas: 4 } },
    'application/merge-patch+json',
    {
      fieldManager: 'kubectl-patch',
    },
  )
  await pause(2000)
  await mark({
    en: 'What if equipe-web applied its file again? A dry-run shows the conflict',
    fr: 'Et si equipe-web appliquait à nouveau son fichier ? Un dry-run montre le conflit',
  })
  await invoke('ownership:what-if', {
    manifest: vitrine(2),
    fieldManager: 'equipe-web',
    force: false,
  })
  await pause(1500)
  await mark({
    en: 'equipe-web applies replicas: 2 again: 409 conflict on .spec.replicas',
    fr: 'equipe-web applique de nouveau replicas: 2 : conflit 409 sur .spec.replicas',
  })
  await send(session, 'PATCH', `${deploy}/vitrine`, vitrine(2), 'application/apply-patch+yaml', {
    fieldManager: 'equipe-web',
  })
  await pause(1500)
  await mark({
    en: '--force-conflicts: equipe-web takes .spec.replicas back',
    fr: '--force-conflicts : equipe-web reprend .spec.replicas',
  })
  await send(session, 'PATCH', `${deploy}/vitrine`, vitrine(2), 'application/apply-patch+yaml', {
    fieldManager: 'equipe-web',
    force: 'true',
  })
  await pause(2500)

  await mark({
    en: 'A rollout: kubectl-set changes the image, the simulated node runs the new Pods',
    fr: 'Un rollout : kubectl-set change l’image, le nœud simulé fait tourner les nouveaux Pods',
  })
  await invoke('rollout:start', { namespace: NS, name: 'vitrine', kind: 'Deployment' })
  await pause(2500)
  await send(
    session,
    'PATCH',
    `${deploy}/vitrine`,
    { spec: { template: { spec: { containers: [{ name: 'web', image: IMAGE_V2 }] } } } },
    'application/strategic-merge-patch+json',
    { fieldManager: 'kubectl-set' },
  )
  await untilAsync('the rollout', async () => {
    const d = (await send(session, 'GET', `${deploy}/vitrine`)).body as {
      metadata: { generation?: number }
      status?: Record<string, number>
    }
    const st = d.status ?? {}
    return (
      st.observedGeneration === d.metadata.generation &&
      st.updatedReplicas === 2 &&
      st.availableReplicas === 2 &&
      st.replicas === 2
    )
  })
  await pause(4000)
  await invoke('rollout:stop', {})

  await mark({
    en: 'Request lab: one list, four identities: 200, 403 anonymous, 401 made-up token, 403 ServiceAccount',
    fr: 'Labo de requêtes : un list, quatre identités : 200, 403 anonyme, 401 jeton inventé, 403 ServiceAccount',
  })
  await invoke('lab:identities', {})
  await invoke('lab:mint-token', { namespace: NS })
  for (const identity of REQUEST_IDENTITIES) {
    await lab({ identity })
    await pause(2500)
  }
  await mark({
    en: 'Request lab: a bare Pod dry-run: admission fills it in, nothing reaches etcd',
    fr: 'Labo de requêtes : un dry-run d’un Pod nu : l’admission le complète, rien n’atteint etcd',
  })
  await lab({
    verb: 'create',
    resource: 'pods',
    name: 'nu',
    body: BARE_POD_YAML,
    bodyFormat: 'yaml',
    dryRun: true,
  })
  await pause(3000)
  await mark({
    en: 'Request lab: Reglages_1 is not a valid name: 422 at validation',
    fr: 'Labo de requêtes : Reglages_1 n’est pas un nom valide : 422 à la validation',
  })
  await lab({
    verb: 'create',
    body: REGLAGES_YAML.replace('name: reglages', 'name: Reglages_1'),
    bodyFormat: 'yaml',
  })
  await pause(3000)
  const admission = '/apis/admissionregistration.k8s.io/v1'
  const policy = `${NS}-max-replicas`
  const policyCreated = await send(session, 'POST', `${admission}/validatingadmissionpolicies`, {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'ValidatingAdmissionPolicy',
    metadata: { name: policy },
    spec: {
      failurePolicy: 'Fail',
      matchConstraints: {
        resourceRules: [
          {
            apiGroups: ['apps'],
            apiVersions: ['v1'],
            operations: ['CREATE', 'UPDATE'],
            resources: ['deployments'],
          },
        ],
      },
      validations: [
        {
          expression: 'object.spec.replicas <= 5',
          message: 'replicas must be at most 5',
          reason: 'Invalid',
        },
      ],
    },
  })
  if (policyCreated.status === 201) {
    await send(session, 'POST', `${admission}/validatingadmissionpolicybindings`, {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingAdmissionPolicyBinding',
      metadata: { name: `${policy}-binding` },
      spec: {
        policyName: policy,
        validationActions: ['Deny', 'Audit'],
        matchResources: {
          namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': NS } },
        },
      },
    })
    const sept = vitrineManifest(NS, 7).replace('name: vitrine\n', 'name: vitrine-sept\n')
    // A new policy takes a moment to be loaded by the API server.
    await untilAsync('the policy to take effect', async () => {
      const res = await session.transport.request({
        method: 'POST',
        path: `${deploy}`,
        body: sept,
        contentType: 'application/yaml',
        query: { dryRun: 'All' },
      })
      return res.status === 422
    })
    await mark({
      en: 'Request lab: a ValidatingAdmissionPolicy refuses 7 replicas: stopped at validating admission, policy and binding named',
      fr: 'Labo de requêtes : une ValidatingAdmissionPolicy refuse 7 replicas : arrêt à l’admission de validation, politique et binding nommés',
    })
    await lab({
      verb: 'create',
      group: 'apps',
      resource: 'deployments',
      body: sept,
      bodyFormat: 'yaml',
      dryRun: true,
    })
    await pause(3000)
  }

  await mark({
    en: '/metrics and API Priority and Fairness, as the server counts them',
    fr: '/metrics et API Priority and Fairness, tels que le serveur les compte',
  })
  await invoke('traffic:metrics', { reset: true })
  await pause(1500)
  await invoke('traffic:metrics', {})
  await invoke('traffic:apf', {})
  await pause(1500)

  await mark({
    en: 'The API server crashes and restarts: 410 Expired, then a relist',
    fr: 'Le serveur d’API plante et redémarre : 410 Expired, puis un relist',
  })
  await restartApiserver(info)
  await send(
    session,
    'PATCH',
    `${cm}/carton-1`,
    { data: { n: 'un' } },
    'application/merge-patch+json',
  )
  await until(
    'the relists',
    () => session.watches.statuses().every((s) => s.state === 'watching'),
    60_000,
  )
  await pause(3000)
  await mark({ en: 'End of the demo', fr: 'Fin de la démo' })

  const stopped = await core.recording.stop('end of the demo')
  void stopped
  renameSync(partial, OUT)
  const stats = core.recording.lastStats
  console.log(
    `wrote ${OUT}: ${stats?.events} events, ${statSync(OUT).size} bytes, ${Math.round((stats?.durationMs ?? 0) / 1000)} s`,
  )
  await send(session, 'DELETE', `${deploy}/vitrine`)
  if (policyCreated.status === 201) {
    await send(
      session,
      'DELETE',
      `${admission}/validatingadmissionpolicybindings/${policy}-binding`,
    )
    await send(session, 'DELETE', `${admission}/validatingadmissionpolicies/${policy}`)
  }
  await pause(3000)
  await node.stop()
  await send(session, 'DELETE', `/api/v1/namespaces/${NS}`)
  core.close()
}

const shared = process.env.APISCOPE_CLUSTER_STATE
const info = shared ? readClusterInfo(shared) : await startControlPlane()
try {
  await run(info)
} finally {
  if (!shared) stopControlPlane(info)
}
process.exit(0)
