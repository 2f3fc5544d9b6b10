// Records, with node:https against a real kube-apiserver from test/cluster/control-plane.ts, the
// responses (status, headers, body, audit annotations) that test the stage model
// (src-main/common/request-stages.ts). Run: npx tsx scripts/record-stage-fixtures.ts (about 30 s).
import { readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import https from 'node:https'
import path from 'node:path'
import {
  jsonPatchResponse,
  startAdmissionReviewServer,
} from '../test/cluster/admission-review-server'
import {
  k8sSeries,
  REPO_ROOT,
  VIEWER_NAMESPACE,
  VIEWER_USER,
  startControlPlane,
  stopControlPlane,
  type ClusterInfo,
} from '../test/cluster/control-plane'

/** One folder per release line (APISCOPE_K8S): 1.20's fixtures stay beside 1.37's. */
const FIXTURE_DIR = path.join(REPO_ROOT, 'test/fixtures/recorded', k8sSeries(), 'stages')
const FAILED_RUN_LOGS = path.join(REPO_ROOT, 'test/artifacts/cluster-logs/record-stage-fixtures')
/** The namespace every recording happens in; a fresh control plane each run, so no clash. */
const NS = 'apiscope-stages'
/** A namespace held in Terminating by a finalizer, for NamespaceLifecycle's 403. */
const CLOSING_NS = 'apiscope-stages-closing'
const HOLD_FINALIZER = 'apiscope.test/hold'
const STAGE_LABEL = 'apiscope-stage'

// The seed's objects (chapter "L'API server"): reglages.json and pod-nu.yaml.
const REGLAGES = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'reglages' },
  data: { couleur: 'bleu' },
}
const BARE_POD = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'nu' },
  spec: { containers: [{ name: 'c', image: 'registry.k8s.io/e2e-test-images/agnhost:2.61' }] },
}

/** `name` is short, for the README's table; `label` says exactly who, in the fixture. */
type Credential = { name: string; label: string } & (
  | { kind: 'anonymous' }
  | { kind: 'bearer'; token: string }
  | { kind: 'certificate'; cert: Buffer; key: Buffer }
)

interface OutgoingRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  credential: Credential
  contentType?: string
  /** Sent as is; objects are serialized as JSON. */
  body?: string | object
}

interface ReceivedResponse {
  status: number
  statusText: string
  /** As the server spelled them (rawHeaders), repeated names joined with ", ". */
  headers: Record<string, string>
  text: string
}

interface AuditSummary {
  verb: string
  user: string
  stage: string
  annotations: Record<string, string>
}

interface StageFixture {
  scenario: string
  recordedWith: string
  serverVersion: string
  request: {
    method: string
    path: string
    identity: string
    contentType?: string
    body?: unknown
  }
  response: { status: number; statusText: string; headers: Record<string, string>; body: unknown }
  audit: AuditSummary | null
}

const ANONYMOUS: Credential = { name: 'anonymous', kind: 'anonymous', label: 'none (anonymous)' }

const log = (message: string) => process.stderr.write(`[record-stages] ${message}\n`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function bodyText(body: OutgoingRequest['body']): string | undefined {
  return body === undefined || typeof body === 'string' ? body : JSON.stringify(body)
}

function parseIfJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

function send(server: string, ca: Buffer, request: OutgoingRequest): Promise<ReceivedResponse> {
  const payload = bodyText(request.body)
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (request.contentType) headers['Content-Type'] = request.contentType
  if (payload !== undefined) headers['Content-Length'] = String(Buffer.byteLength(payload))
  const credential = request.credential
  if (credential.kind === 'bearer') headers.Authorization = `Bearer ${credential.token}`
  return new Promise((resolve, reject) => {
    const req = https.request(
      new URL(request.path, server),
      {
        method: request.method,
        ca,
        headers,
        // A fresh connection per request, as curl makes in the seed.
        agent: false,
        timeout: 30_000,
        ...(credential.kind === 'certificate'
          ? { cert: credential.cert, key: credential.key }
          : {}),
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const received: Record<string, string> = {}
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i] as string
            const value = res.rawHeaders[i + 1] as string
            received[name] = received[name] === undefined ? value : `${received[name]}, ${value}`
          }
          resolve({
            status: res.statusCode ?? 0,
            statusText: res.statusMessage ?? '',
            headers: received,
            text: Buffer.concat(chunks).toString('utf8'),
          })
        })
        res.on('error', reject)
      },
    )
    req.on('timeout', () => req.destroy(new Error(`${request.method} ${request.path} timed out`)))
    req.on('error', reject)
    req.end(payload)
  })
}

function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase())
  return key === undefined ? undefined : headers[key]
}

interface AuditLine {
  auditID: string
  stage: string
  verb: string
  user?: { username?: string }
  annotations?: Record<string, string>
}

/**
 * The last audit event of one request, from the JSON audit log the control plane writes: its
 * ResponseComplete event, or ResponseStarted alone for a failed authentication, which is all
 * the API server logs for those.
 */
async function auditEventFor(auditLog: string, auditId: string | undefined, requestURI: string) {
  if (!auditId) return null
  // The log backend writes the event after the response is sent: give it a moment.
  const deadline = Date.now() + 3_000
  let latest: AuditLine | undefined
  let sameUri: AuditLine | undefined
  while (Date.now() < deadline) {
    for (const line of readFileSync(auditLog, 'utf8').split('\n')) {
      if (!line.includes(auditId) && !line.includes(requestURI)) continue
      const event = JSON.parse(line) as AuditLine & { requestURI?: string }
      if (event.auditID === auditId) latest = event
      else if (event.requestURI === requestURI && event.stage === 'ResponseComplete')
        sameUri = event
    }
    if (latest?.stage === 'ResponseComplete') break
    await sleep(100)
  }
  // kube-apiserver 1.20 answered the dry-run Pod create with an Audit-Id its audit log did not
  // hold (the header and the event took their IDs apart until kubernetes/kubernetes#99237, 1.22).
  // Requests here go one at a time, so the newest completed event of that URI is this request's.
  if (!latest && sameUri) {
    log(
      `Audit-Id ${auditId} is not in the audit log: the event of ${requestURI} is ${sameUri.auditID}`,
    )
    latest = sameUri
  }
  if (!latest) throw new Error(`no audit event for Audit-Id ${auditId}`)
  return {
    verb: latest.verb,
    user: latest.user?.username ?? '',
    stage: latest.stage,
    annotations: latest.annotations ?? {},
  } satisfies AuditSummary
}

class StageRecorder {
  readonly fixtures = new Map<string, StageFixture>()
  /** The short name of each fixture's identity, for the README. */
  readonly identityNames = new Map<string, string>()
  readonly ca: Buffer
  readonly admin: Credential
  readonly viewer: Credential

  constructor(readonly cluster: ClusterInfo) {
    const pki = path.join(cluster.dir, 'pki')
    this.ca = readFileSync(path.join(pki, 'ca.crt'))
    this.admin = {
      name: 'admin',
      kind: 'certificate',
      cert: readFileSync(path.join(pki, 'admin.crt')),
      key: readFileSync(path.join(pki, 'admin.key')),
      label: 'client certificate O=system:masters, CN=minikube-user (the seed’s kubectl identity)',
    }
    this.viewer = {
      name: 'viewer',
      kind: 'certificate',
      cert: readFileSync(path.join(pki, 'viewer.crt')),
      key: readFileSync(path.join(pki, 'viewer.key')),
      label: `client certificate CN=${VIEWER_USER}, bound to ClusterRole view in ${VIEWER_NAMESPACE}`,
    }
  }

  send(request: OutgoingRequest): Promise<ReceivedResponse> {
    return send(this.cluster.server, this.ca, request)
  }

  /** Sends as admin and insists on a 2xx: setup steps, not fixtures. */
  async setup(request: Omit<OutgoingRequest, 'credential'>): Promise<unknown> {
    const response = await this.send({ credential: this.admin, ...request })
    if (response.status >= 300)
      throw new Error(`${request.method} ${request.path}: ${response.status} ${response.text}`)
    return parseIfJson(response.text)
  }

  /** Keeps one response as a fixture; `expected` guards against recording something else. */
  async keep(
    name: string,
    scenario: string,
    request: OutgoingRequest,
    response: ReceivedResponse,
    expected: number,
  ): Promise<void> {
    if (response.status !== expected)
      throw new Error(`${name}: expected ${expected}, got ${response.status} ${response.text}`)
    const sentBody = bodyText(request.body)
    this.fixtures.set(name, {
      scenario,
      recordedWith: 'scripts/record-stage-fixtures.ts (node:https, no kubectl)',
      serverVersion: this.cluster.version,
      request: {
        method: request.method,
        path: request.path,
        identity: request.credential.label,
        ...(request.contentType ? { contentType: request.contentType } : {}),
        ...(sentBody !== undefined ? { body: parseIfJson(sentBody) } : {}),
      },
      response: {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
        body: parseIfJson(response.text),
      },
      audit: await auditEventFor(
        this.cluster.auditLog,
        headerValue(response.headers, 'Audit-Id'),
        request.path,
      ),
    })
    this.identityNames.set(name, request.credential.name)
    log(`${name}: ${response.status} ${response.statusText}`)
  }

  async record(
    name: string,
    scenario: string,
    request: OutgoingRequest,
    expected: number,
  ): Promise<void> {
    await this.keep(name, scenario, request, await this.send(request), expected)
  }

  /**
   * Retries until the server answers `expected`: some refusals depend on state the API server
   * learns through its informers (a namespace turning Terminating, a new webhook configuration).
   */
  async recordOnceReady(
    name: string,
    scenario: string,
    makeRequest: (attempt: number) => OutgoingRequest,
    expected: number,
    accept: (response: ReceivedResponse) => boolean = () => true,
  ): Promise<void> {
    const deadline = Date.now() + 30_000
    let last = ''
    for (let attempt = 1; Date.now() < deadline; attempt++) {
      const request = makeRequest(attempt)
      const response = await this.send(request)
      if (response.status === expected && accept(response)) {
        await this.keep(name, scenario, request, response, expected)
        return
      }
      last = `${response.status} ${response.text.slice(0, 200)}`
      await sleep(200)
    }
    throw new Error(`${name}: never got ${expected} within 30 s (last: ${last})`)
  }
}

async function waitUntil(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (await check()) return
    await sleep(250)
  }
  throw new Error(`${what}: not within 60 s`)
}

async function recordIdentities(rec: StageRecorder, saToken: string): Promise<void> {
  const list = `/api/v1/namespaces/${NS}/configmaps`
  await rec.record(
    'identity-anonymous-list-403',
    'The seed’s first identity: no credential at all. Authentication maps it to system:anonymous; RBAC refuses it.',
    { method: 'GET', path: list, credential: ANONYMOUS },
    403,
  )
  await rec.record(
    'identity-invented-token-401',
    'A bearer token nobody issued ("abc"): authentication refuses it.',
    {
      method: 'GET',
      path: list,
      credential: {
        name: 'invented token',
        kind: 'bearer',
        token: 'abc',
        label: 'bearer token "abc" (issued by nobody)',
      },
    },
    401,
  )
  await rec.record(
    'identity-serviceaccount-list-403',
    'A token of the namespace’s default ServiceAccount, minted with TokenRequest: authenticated, then refused by RBAC.',
    {
      method: 'GET',
      path: list,
      credential: {
        name: 'ServiceAccount',
        kind: 'bearer',
        token: saToken,
        label: `ServiceAccount token (TokenRequest for ${NS}/default; the token is not recorded)`,
      },
    },
    403,
  )
  // The other shapes of the authorizers' sentence: cluster scope, a non-resource URL, a named
  // object's subresource, a named API group.
  await rec.record(
    'anonymous-list-nodes-403',
    'Anonymous list of Nodes: a cluster-scoped resource.',
    { method: 'GET', path: '/api/v1/nodes', credential: ANONYMOUS },
    403,
  )
  await rec.record(
    'anonymous-metrics-403',
    'Anonymous GET /metrics: a non-resource URL.',
    { method: 'GET', path: '/metrics', credential: ANONYMOUS },
    403,
  )
  await rec.record(
    'viewer-exec-403',
    `The viewer asks to exec into Pod nu in ${VIEWER_NAMESPACE}: the view role has no create on pods/exec (authorization comes before any lookup, so the Pod need not exist).`,
    {
      method: 'POST',
      path: `/api/v1/namespaces/${VIEWER_NAMESPACE}/pods/nu/exec?command=ls&stdout=true`,
      credential: rec.viewer,
    },
    403,
  )
  await rec.record(
    'viewer-create-deployment-403',
    `The viewer tries to create a Deployment (API group apps) in ${VIEWER_NAMESPACE}.`,
    {
      method: 'POST',
      path: `/apis/apps/v1/namespaces/${VIEWER_NAMESPACE}/deployments`,
      credential: rec.viewer,
      contentType: 'application/json',
      body: {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'vitrine' },
        spec: {
          selector: { matchLabels: { app: 'vitrine' } },
          template: {
            metadata: { labels: { app: 'vitrine' } },
            spec: {
              containers: [{ name: 'c', image: 'registry.k8s.io/e2e-test-images/agnhost:2.61' }],
            },
          },
        },
      },
    },
    403,
  )
  await rec.record(
    'identity-admin-list-200',
    'The admin’s client certificate: system:masters may do anything; the list is read.',
    { method: 'GET', path: list, credential: rec.admin },
    200,
  )
}

async function recordVerbs(rec: StageRecorder): Promise<void> {
  const collection = `/api/v1/namespaces/${NS}/configmaps`
  const object = `${collection}/reglages`
  const json = 'application/json'
  const admin = rec.admin
  await rec.record(
    'create-201',
    'POST reglages.json: the ConfigMap is created.',
    { method: 'POST', path: collection, credential: admin, contentType: json, body: REGLAGES },
    201,
  )
  await rec.record(
    'get-200',
    'GET of the object just created: a read.',
    { method: 'GET', path: object, credential: admin },
    200,
  )
  await rec.record(
    'create-again-409-already-exists',
    'The same POST again: POST creates, never replaces.',
    { method: 'POST', path: collection, credential: admin, contentType: json, body: REGLAGES },
    409,
  )
  await rec.record(
    'merge-patch-200',
    'A merge patch (RFC 7386) adding data.taille.',
    {
      method: 'PATCH',
      path: object,
      credential: admin,
      contentType: 'application/merge-patch+json',
      body: { data: { taille: 'grande' } },
    },
    200,
  )
  await rec.record(
    'json-patch-200',
    'A JSON patch (RFC 6902) replacing data.couleur.',
    {
      method: 'PATCH',
      path: object,
      credential: admin,
      contentType: 'application/json-patch+json',
      body: [{ op: 'replace', path: '/data/couleur', value: 'vert' }],
    },
    200,
  )
  await rec.record(
    'patch-form-content-type-415',
    'A PATCH sent as curl -d sends it without -H: Content-Type application/x-www-form-urlencoded, which no patch format accepts.',
    {
      method: 'PATCH',
      path: object,
      credential: admin,
      contentType: 'application/x-www-form-urlencoded',
      body: { data: { taille: 'petite' } },
    },
    415,
  )
  await rec.record(
    'put-stale-resourceversion-409-conflict',
    'A PUT claiming to start from resourceVersion "1": optimistic concurrency refuses it.',
    {
      method: 'PUT',
      path: object,
      credential: admin,
      contentType: json,
      body: {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'reglages', resourceVersion: '1' },
        data: { couleur: 'rouge' },
      },
    },
    409,
  )
  await rec.record(
    'delete-200',
    'DELETE of the ConfigMap.',
    { method: 'DELETE', path: object, credential: admin },
    200,
  )
  await rec.record(
    'get-deleted-404',
    'GET of the ConfigMap just deleted.',
    { method: 'GET', path: object, credential: admin },
    404,
  )
  await rec.record(
    'create-invalid-name-422',
    'POST of a ConfigMap named "Reglages_1": not a DNS subdomain, refused by validation.',
    {
      method: 'POST',
      path: collection,
      credential: admin,
      contentType: json,
      body: {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'Reglages_1' },
        data: { a: 'b' },
      },
    },
    422,
  )
  await rec.record(
    'create-malformed-json-400',
    'POST of a JSON body cut short (the closing braces are missing).',
    {
      method: 'POST',
      path: collection,
      credential: admin,
      contentType: json,
      body: '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"casse"},"data":{"a":"b"',
    },
    400,
  )
  await rec.record(
    'dry-run-create-pod-201',
    'POST of the seed’s bare Pod with dryRun=All: every stage runs, admission mutates, nothing is stored.',
    {
      method: 'POST',
      path: `/api/v1/namespaces/${NS}/pods?dryRun=All`,
      credential: admin,
      contentType: json,
      body: BARE_POD,
    },
    201,
  )
  // Server-side apply: a field set by one manager (an Update) that another manager's apply
  // would change is a conflict, as in test-cluster.md (kubectl-patch versus equipe-web).
  await rec.setup({
    method: 'POST',
    path: `${collection}?fieldManager=kubectl-patch`,
    contentType: json,
    body: {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'partage' },
      data: { couleur: 'bleu' },
    },
  })
  await rec.record(
    'apply-conflict-409',
    'Server-side apply by field manager equipe-web of a value that manager kubectl-patch set: a conflict on data.couleur.',
    {
      method: 'PATCH',
      path: `${collection}/partage?fieldManager=equipe-web`,
      credential: admin,
      contentType: 'application/apply-patch+yaml',
      body: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: partage\ndata:\n  couleur: rouge\n',
    },
    409,
  )
  await rec.record(
    'viewer-create-403',
    `The viewer (ClusterRole view in ${VIEWER_NAMESPACE}) tries to create a ConfigMap in its own namespace.`,
    {
      method: 'POST',
      path: `/api/v1/namespaces/${VIEWER_NAMESPACE}/configmaps`,
      credential: rec.viewer,
      contentType: json,
      body: REGLAGES,
    },
    403,
  )
  await rec.record(
    'create-in-missing-namespace-404',
    'POST into a namespace that does not exist: NamespaceLifecycle refuses it.',
    {
      method: 'POST',
      path: '/api/v1/namespaces/apiscope-nowhere/configmaps',
      credential: admin,
      contentType: json,
      body: REGLAGES,
    },
    404,
  )
}

async function recordTerminatingNamespace(rec: StageRecorder): Promise<void> {
  const json = 'application/json'
  await rec.setup({
    method: 'POST',
    path: '/api/v1/namespaces',
    contentType: json,
    body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: CLOSING_NS } },
  })
  // A ConfigMap with a finalizer nobody removes keeps the namespace in Terminating, so the
  // refusal can be caught however slowly the namespace controller works.
  const held = `/api/v1/namespaces/${CLOSING_NS}/configmaps`
  await rec.setup({
    method: 'POST',
    path: held,
    contentType: json,
    body: {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'tenu', finalizers: [HOLD_FINALIZER] },
    },
  })
  await rec.setup({ method: 'DELETE', path: `/api/v1/namespaces/${CLOSING_NS}` })
  // NamespaceLifecycle reads namespaces from an informer: retry until it has seen Terminating.
  await rec.recordOnceReady(
    'namespace-terminating-403',
    `POST into ${CLOSING_NS} after it was deleted (held in Terminating by a finalizer): NamespaceLifecycle refuses new content.`,
    (attempt) => ({
      method: 'POST',
      path: held,
      credential: rec.admin,
      contentType: json,
      body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `trop-tard-${attempt}` } },
    }),
    403,
  )
  await rec.setup({
    method: 'PATCH',
    path: `${held}/tenu`,
    contentType: 'application/merge-patch+json',
    body: { metadata: { finalizers: null } },
  })
}

/** The recording's webhooks: /mutate labels the object, anything else refuses it. */
function startWebhookServer(cluster: ClusterInfo) {
  return startAdmissionReviewServer(cluster, (url) =>
    url.startsWith('/mutate')
      ? jsonPatchResponse([{ op: 'add', path: '/metadata/labels/apiscope-mutated', value: 'yes' }])
      : {
          allowed: false,
          status: {
            code: 403,
            message: `ConfigMaps labelled ${STAGE_LABEL} are refused by Apiscope's recording webhook`,
          },
        },
  )
}

function webhook(name: string, url: string, label: string, caBundle: string) {
  return {
    name,
    clientConfig: { url, caBundle },
    rules: [
      {
        operations: ['CREATE'],
        apiGroups: [''],
        apiVersions: ['v1'],
        resources: ['configmaps'],
      },
    ],
    objectSelector: { matchLabels: { [STAGE_LABEL]: label } },
    sideEffects: 'None',
    admissionReviewVersions: ['v1'],
    failurePolicy: 'Fail',
    timeoutSeconds: 5,
  }
}

async function recordWebhooks(rec: StageRecorder): Promise<void> {
  const { server, port } = await startWebhookServer(rec.cluster)
  try {
    const base = `https://127.0.0.1:${port}`
    const caBundle = rec.ca.toString('base64')
    const json = 'application/json'
    // Port 1 on loopback: nothing listens there, so calling that webhook fails.
    const unreachable = 'https://127.0.0.1:1/mutate'
    await rec.setup({
      method: 'POST',
      path: '/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations',
      contentType: json,
      body: {
        apiVersion: 'admissionregistration.k8s.io/v1',
        kind: 'MutatingWebhookConfiguration',
        metadata: { name: 'apiscope-stages-mutating' },
        webhooks: [
          webhook('label.apiscope.test', `${base}/mutate`, 'mutate', caBundle),
          webhook('refuse-early.apiscope.test', `${base}/deny`, 'deny-mutating', caBundle),
          webhook('unreachable.apiscope.test', unreachable, 'unreachable', caBundle),
        ],
      },
    })
    await rec.setup({
      method: 'POST',
      path: '/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations',
      contentType: json,
      body: {
        apiVersion: 'admissionregistration.k8s.io/v1',
        kind: 'ValidatingWebhookConfiguration',
        metadata: { name: 'apiscope-stages-validating' },
        webhooks: [webhook('refuse.apiscope.test', `${base}/deny`, 'deny-validating', caBundle)],
      },
    })
    const labelled = (prefix: string, label: string) => (attempt: number) =>
      ({
        method: 'POST',
        path: `/api/v1/namespaces/${NS}/configmaps`,
        credential: rec.admin,
        contentType: json,
        body: {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name: `${prefix}-${attempt}`, labels: { [STAGE_LABEL]: label } },
          data: { couleur: 'bleu' },
        },
      }) satisfies OutgoingRequest
    // The API server learns of new webhook configurations through an informer: retry until
    // the webhook acts (objects created before that are harmless leftovers).
    await rec.recordOnceReady(
      'webhook-mutated-201',
      'POST of a ConfigMap that a mutating webhook labels: created, and the audit annotations name the webhook.',
      labelled('mutee', 'mutate'),
      201,
      (response) => response.text.includes('apiscope-mutated'),
    )
    await rec.recordOnceReady(
      'webhook-denied-mutating-403',
      'POST refused by a mutating webhook (it answers allowed: false, code 403).',
      labelled('refusee-tot', 'deny-mutating'),
      403,
    )
    await rec.recordOnceReady(
      'webhook-denied-validating-403',
      'POST refused by a validating webhook (it answers allowed: false, code 403).',
      labelled('refusee', 'deny-validating'),
      403,
    )
    await rec.recordOnceReady(
      'webhook-unreachable-500',
      'POST matched by a mutating webhook with failurePolicy Fail whose URL nobody answers.',
      labelled('injoignable', 'unreachable'),
      500,
    )
  } finally {
    server.close()
  }
}

/**
 * A real 429 from API Priority and Fairness: a priority level of one share that rejects instead
 * of queueing, a FlowSchema sending the ServiceAccount's requests to it, and a burst of heavy
 * lists. Best effort: the burst may not overlap enough on a fast machine.
 */
async function recordPriorityAndFairness(rec: StageRecorder, saToken: string): Promise<boolean> {
  const json = 'application/json'
  // flowcontrol v1 (GA 1.29) renamed assuredConcurrencyShares to nominalConcurrencyShares.
  const legacy = k8sSeries() === '1.20'
  const apiVersion = `flowcontrol.apiserver.k8s.io/${legacy ? 'v1beta1' : 'v1'}`
  const flowcontrol = `/apis/${apiVersion}`
  const shares = legacy ? { assuredConcurrencyShares: 1 } : { nominalConcurrencyShares: 1 }
  await rec.setup({
    method: 'POST',
    path: `/apis/rbac.authorization.k8s.io/v1/namespaces/${NS}/rolebindings`,
    contentType: json,
    body: {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'default-view' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' },
      subjects: [{ kind: 'ServiceAccount', name: 'default', namespace: NS }],
    },
  })
  await rec.setup({
    method: 'POST',
    path: `${flowcontrol}/prioritylevelconfigurations`,
    contentType: json,
    body: {
      apiVersion,
      kind: 'PriorityLevelConfiguration',
      metadata: { name: 'apiscope-stages-tiny' },
      spec: {
        type: 'Limited',
        limited: { ...shares, limitResponse: { type: 'Reject' } },
      },
    },
  })
  await rec.setup({
    method: 'POST',
    path: `${flowcontrol}/flowschemas`,
    contentType: json,
    body: {
      apiVersion,
      kind: 'FlowSchema',
      metadata: { name: 'apiscope-stages-tiny' },
      spec: {
        priorityLevelConfiguration: { name: 'apiscope-stages-tiny' },
        matchingPrecedence: 500,
        rules: [
          {
            subjects: [
              { kind: 'ServiceAccount', serviceAccount: { name: 'default', namespace: NS } },
            ],
            resourceRules: [
              {
                verbs: ['*'],
                apiGroups: ['*'],
                resources: ['*'],
                namespaces: ['*'],
              },
            ],
          },
        ],
      },
    },
  })
  // Heavy lists hold their seat long enough for a burst to overlap: 100 ConfigMaps of 20 kB.
  const filler = 'x'.repeat(20_000)
  for (let i = 0; i < 100; i++) {
    await rec.setup({
      method: 'POST',
      path: `/api/v1/namespaces/${NS}/configmaps`,
      contentType: json,
      body: {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: `carton-${i}` },
        data: { filler },
      },
    })
  }
  const request: OutgoingRequest = {
    method: 'GET',
    path: `/api/v1/namespaces/${NS}/configmaps`,
    credential: {
      name: 'ServiceAccount',
      kind: 'bearer',
      token: saToken,
      label: `ServiceAccount token of ${NS}/default, whose FlowSchema leads to a priority level of one share that rejects`,
    },
  }
  for (let round = 1; round <= 10; round++) {
    const responses = await Promise.all(Array.from({ length: 80 }, () => rec.send(request)))
    const rejected = responses.find((response) => response.status === 429)
    if (rejected) {
      await rec.keep(
        'apf-rejected-429',
        'One of 80 simultaneous lists by a ServiceAccount whose FlowSchema leads to a priority level of one share with limitResponse Reject.',
        request,
        rejected,
        429,
      )
      // The same flow once the burst is over: served, and its headers name the FlowSchema and
      // priority level that let it through (a small GET, to keep the fixture small).
      await rec.record(
        'apf-served-200',
        'A GET by the same ServiceAccount after the burst: served, with the FlowSchema and priority level in its headers.',
        { ...request, path: `/api/v1/namespaces/${NS}/configmaps/kube-root-ca.crt` },
        200,
      )
      return true
    }
    log(`priority and fairness: no 429 in burst ${round}, trying again`)
  }
  return false
}

function writeFixtures(rec: StageRecorder, skipped: string[]): void {
  mkdirSync(FIXTURE_DIR, { recursive: true })
  for (const file of readdirSync(FIXTURE_DIR)) {
    if (file.endsWith('.json')) rmSync(path.join(FIXTURE_DIR, file))
  }
  const rows: string[] = []
  const identityNames = rec.identityNames
  for (const [name, fixture] of rec.fixtures) {
    writeFileSync(path.join(FIXTURE_DIR, `${name}.json`), `${JSON.stringify(fixture, null, 2)}\n`)
    const contentType = fixture.request.contentType ? ` (${fixture.request.contentType})` : ''
    rows.push(
      `| \`${name}.json\` | ${fixture.response.status} | \`${fixture.request.method} ${fixture.request.path}\`${contentType} as ${identityNames.get(name) ?? ''} | ${fixture.scenario} |`,
    )
  }
  const readme = `# Responses recorded at each stage of the API server

Recorded from the real kube-apiserver ${rec.cluster.version} of the test control plane
(\`test/cluster/control-plane.ts\`: minikube's admission plugins, RBAC, a Metadata-level JSON audit
log) by \`npx tsx scripts/record-stage-fixtures.ts\`, which starts the control plane, sends each
request with \`node:https\` and the test PKI (no kubectl), and stops it at the end. Never edit these
by hand: run the script again (it rewrites every file here, this README included).

Each file holds the request (method, path, identity, content type, body; never a credential), the
response as received (status, every header as the server spelled it, the body parsed when it is
JSON), and \`audit\`: the request's \`ResponseComplete\` event in the audit log, found by the
response's \`Audit-Id\` header (verb, user, annotations such as \`authorization.k8s.io/decision\`).
Namespace \`${NS}\` unless the path says otherwise; the seed's objects are \`reglages.json\` and
\`pod-nu.yaml\` (chapter "L'API server").

Identities: **admin** is the client certificate \`O=system:masters, CN=minikube-user\`; **viewer** the
certificate \`CN=${VIEWER_USER}\`, bound to ClusterRole \`view\` in \`${VIEWER_NAMESPACE}\` only;
**anonymous** sends no credential; **invented token** sends \`Authorization: Bearer abc\`;
**ServiceAccount** sends a token minted by TokenRequest for \`${NS}/default\`.

How the harder ones were provoked: the namespace in Terminating is held there by a ConfigMap with
a finalizer, and the create is retried until NamespaceLifecycle's informer sees it. The webhooks
are served by the script itself on loopback (with the API server's serving certificate, whose SAN
is 127.0.0.1) and matched by an \`${STAGE_LABEL}\` label; the unreachable one points at port 1. The
429 comes from a PriorityLevelConfiguration of one share with \`limitResponse: Reject\`, a FlowSchema
sending the ServiceAccount there, and bursts of 80 simultaneous lists of 100 ConfigMaps of 20 kB.

| file | status | request | scenario |
| --- | --- | --- | --- |
${rows.join('\n')}
${skipped.length > 0 ? `\nNot recorded on the last run: ${skipped.join('; ')}.\n` : ''}`
  writeFileSync(path.join(FIXTURE_DIR, 'README.md'), readme)
  log(`${rec.fixtures.size} fixtures written to ${path.relative(REPO_ROOT, FIXTURE_DIR)}`)
}

async function recordAll(cluster: ClusterInfo): Promise<void> {
  const rec = new StageRecorder(cluster)
  const json = 'application/json'
  await rec.setup({
    method: 'POST',
    path: '/api/v1/namespaces',
    contentType: json,
    body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } },
  })
  // The controller-manager creates the default ServiceAccount, and up to 1.23 its token Secret,
  // which the ServiceAccount admission plugin of 1.20 needs to mount into the dry-run Pod (from
  // 1.24 the plugin mounts a projected token and no Secret is made).
  const tokenSecret = k8sSeries() === '1.20'
  await waitUntil('the default ServiceAccount', async () => {
    const response = await rec.send({
      method: 'GET',
      path: `/api/v1/namespaces/${NS}/serviceaccounts/default`,
      credential: rec.admin,
    })
    if (response.status !== 200) return false
    const account = JSON.parse(response.text) as { secrets?: unknown[] }
    return !tokenSecret || (account.secrets?.length ?? 0) > 0
  })
  const tokenRequest = (await rec.setup({
    method: 'POST',
    path: `/api/v1/namespaces/${NS}/serviceaccounts/default/token`,
    contentType: json,
    body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: {} },
  })) as { status: { token: string } }
  const saToken = tokenRequest.status.token

  await recordIdentities(rec, saToken)
  await recordVerbs(rec)
  await recordTerminatingNamespace(rec)
  await recordWebhooks(rec)
  const skipped: string[] = []
  if (!(await recordPriorityAndFairness(rec, saToken)))
    skipped.push('apf-rejected-429 (no burst of 80 lists overlapped enough to be rejected)')
  writeFixtures(rec, skipped)
}

const cluster = await startControlPlane()
let stopped = false
const stopOnce = (keepLogsIn?: string) => {
  if (stopped) return
  stopped = true
  stopControlPlane(cluster, keepLogsIn)
}
// Whatever ends this process (an error, Ctrl-C, a closed pipe), the control plane goes with it:
// stopControlPlane is synchronous, so an exit handler can run it.
process.on('exit', () => stopOnce(FAILED_RUN_LOGS))
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => process.exit(130))
}
try {
  await recordAll(cluster)
  stopOnce()
} catch (error) {
  stopOnce(FAILED_RUN_LOGS)
  log(`failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
}
