// Records, from a real API server, every shape in which a Secret's values or a token reach
// Apiscope, for the unit tests of the one redaction (src-main/common/redaction.ts): a Secret, a
// list of them (items without kind), a Table of them (rows of metadata), a watch event, a JSON
// patch, a dry-run create, a TokenRequest, a TokenReview, and their audit events at
// RequestResponse level. Sent to a second kube-apiserver that audits Secrets and tokens at that
// level (test/cluster/audited-apiserver.ts) beside the test control plane: the one in
// APISCOPE_CLUSTER_STATE, or one started here (APISCOPE_K8S) and stopped at the end; written to
// test/fixtures/recorded/<release>/redaction.
// The Secret holds CANARY; the TokenRequest's token, a real credential, is written as TOKEN_STAND_IN.
// Run: npx tsx --tsconfig tsconfig.node.json scripts/record-redaction-fixtures.ts
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { ApiscopeCore } from '../src-main/assembly/apiscope-core'
import type { KubeRequest, KubeTransport } from '../src-main/core/kube-transport'
import { NdjsonLines } from '../src-main/core/watch/ndjson-lines'
import { startAuditedApiserver } from '../test/cluster/audited-apiserver'
import {
  ADMIN_CONTEXT,
  REPO_ROOT,
  readClusterInfo,
  startControlPlane,
  stopControlPlane,
} from '../test/cluster/control-plane'

const NS = 'apiscope-redaction'
const CANARY = 'apiscope-canary-fixture'
/** A JWT's shape (three base64url parts), signed by nobody. */
const TOKEN_STAND_IN =
  'eyJhbGciOiJSUzI1NiIsImtpZCI6ImZpeHR1cmUifQ.eyJzdWIiOiJzeXN0ZW06c2VydmljZWFjY291bnQ6YXBpc2NvcGUtcmVkYWN0aW9uOmRlZmF1bHQifQ.c3RhbmQtaW4tc2lnbmF0dXJl'
const REVIEWED_TOKEN = `${CANARY}-token`
const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json'

interface Recorded {
  file: string
  scenario: string
  request: { method: string; path: string; accept?: string; contentType?: string; body?: unknown }
  response: { status: number; body: unknown }
}

async function main(): Promise<void> {
  const state = process.env.APISCOPE_CLUSTER_STATE
  const cluster = state ? readClusterInfo(state) : await startControlPlane()
  const audited = await startAuditedApiserver(cluster)
  // One folder per release line, as the other recorded fixtures.
  const DIR = path.join(REPO_ROOT, 'test/fixtures/recorded', cluster.series, 'redaction')
  const core = new ApiscopeCore({
    host: 'browser',
    version: 'fixtures',
    env: { KUBECONFIG: audited.kubeconfig },
    home: '/nonexistent',
  })
  const out: Recorded[] = []
  try {
    const connected = await core.invoke('kube:connect', { context: ADMIN_CONTEXT })
    if (!connected.ok) throw new Error(`could not connect: ${connected.error.title}`)
    const transport = core.currentSession!.transport
    const send = async (file: string, scenario: string, req: KubeRequest, keep = true) => {
      const res = await transport.request(req)
      if (res.status >= 300) throw new Error(`${file}: HTTP ${res.status} ${res.body}`)
      const body = JSON.parse(res.body) as unknown
      if (keep)
        out.push({
          file,
          scenario,
          request: {
            method: req.method ?? 'GET',
            path: transport.urlFor(req.path, req.query).replace(audited.server, ''),
            ...(req.accept ? { accept: req.accept } : {}),
            ...(req.contentType ? { contentType: req.contentType } : {}),
            ...(req.body !== undefined
              ? { body: typeof req.body === 'string' ? JSON.parse(req.body) : req.body }
              : {}),
          },
          response: { status: res.status, body },
        })
      return body as Record<string, unknown>
    }
    await send('', '', { method: 'POST', path: '/api/v1/namespaces', body: nsBody() }, false)
    const sa = `/api/v1/namespaces/${NS}/serviceaccounts`
    await send('', '', { method: 'POST', path: sa, body: { metadata: { name: 'default' } } }, false)
    // Client-side apply, as people do: last-applied-configuration holds the values too.
    const manifest = JSON.stringify({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'coffre', namespace: NS },
      stringData: { motdepasse: CANARY },
    })
    execFileSync(
      path.join(cluster.binDir, 'kubectl'),
      [`--kubeconfig=${audited.kubeconfig}`, `--context=${ADMIN_CONTEXT}`, 'apply', '-f', '-'],
      { input: manifest },
    )
    const secrets = `/api/v1/namespaces/${NS}/secrets`
    await send('secret-get', 'GET of a Secret made by kubectl apply.', {
      path: `${secrets}/coffre`,
    })
    const list = await send('secret-list', 'A list of Secrets: its items carry no kind.', {
      path: secrets,
    })
    await send('secret-list-table', 'The same list asked as a Table: rows of metadata.', {
      path: secrets,
      accept: TABLE,
    })
    const rv = String((list.metadata as { resourceVersion?: string }).resourceVersion)
    const watched = await watchOnce(transport, `${secrets}`, rv, () =>
      transport.request({
        method: 'PATCH',
        path: `${secrets}/coffre`,
        contentType: 'application/merge-patch+json',
        body: { stringData: { autre: CANARY } },
      }),
    )
    out.push({
      file: 'secret-watch',
      scenario: 'A watch of Secrets from the list, while a merge patch adds a value: its events.',
      request: { method: 'GET', path: `${secrets}?watch=true&resourceVersion=${rv}` },
      response: { status: 200, body: watched },
    })
    await send('secret-json-patch', 'A JSON patch replacing a Secret value.', {
      method: 'PATCH',
      path: `${secrets}/coffre`,
      contentType: 'application/json-patch+json',
      body: JSON.stringify([
        { op: 'replace', path: '/data/motdepasse', value: Buffer.from(CANARY).toString('base64') },
        { op: 'add', path: '/metadata/labels', value: { equipe: 'web' } },
      ]),
    })
    await send('secret-dry-run-create', 'A Secret created with dryRun=All.', {
      method: 'POST',
      path: secrets,
      query: { dryRun: 'All' },
      body: { metadata: { name: 'essai' }, stringData: { cle: CANARY } },
    })
    const minted = await send('tokenrequest', 'TokenRequest for the default ServiceAccount.', {
      method: 'POST',
      path: `${sa}/default/token`,
      body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: {} },
    })
    const realToken = String((minted.status as { token?: string }).token ?? '')
    await send('tokenreview', 'A TokenReview of a token nobody issued: the answer repeats it.', {
      method: 'POST',
      path: '/apis/authentication.k8s.io/v1/tokenreviews',
      body: {
        apiVersion: 'authentication.k8s.io/v1',
        kind: 'TokenReview',
        spec: { token: REVIEWED_TOKEN },
      },
    })
    // Every ResponseComplete event of those, from the audited server's log.
    await new Promise((r) => setTimeout(r, 1500))
    const events = readFileSync(audited.auditLog, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { stage: string; objectRef?: { namespace?: string } })
      .filter((e) => e.stage === 'ResponseComplete')
    out.push({
      file: 'audit-requestresponse',
      scenario:
        'The audit events (ResponseComplete, RequestResponse level) of every request above.',
      request: { method: 'GET', path: '(the audit log)' },
      response: { status: 200, body: events },
    })
    rmSync(DIR, { recursive: true, force: true })
    mkdirSync(DIR, { recursive: true })
    const version = (core.currentSession!.info.version?.gitVersion as string | undefined) ?? ''
    for (const r of out) {
      const text = `${JSON.stringify(
        {
          scenario: r.scenario,
          recordedWith: 'scripts/record-redaction-fixtures.ts',
          serverVersion: version,
          request: r.request,
          response: r.response,
        },
        null,
        2,
      )}\n`
      // The minted token is a credential of that server: never written.
      const safe = realToken ? text.split(realToken).join(TOKEN_STAND_IN) : text
      writeFileSync(path.join(DIR, `${r.file}.json`), safe)
      console.log(`${r.file}: ${r.response.status}`)
    }
    writeFileSync(path.join(DIR, 'README.md'), readme(version, out))
  } finally {
    await core.close()
    await audited.stop()
    if (!state) stopControlPlane(cluster)
  }
}

function nsBody() {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } }
}

/** Opens a watch, runs `change`, returns the events read within 3 s (at most 3). */
async function watchOnce(
  transport: KubeTransport,
  path: string,
  rv: string,
  change: () => Promise<unknown>,
): Promise<unknown[]> {
  const res = await transport.openStream({
    path,
    query: { watch: true, resourceVersion: rv, timeoutSeconds: 10 },
  })
  if (!res.stream) throw new Error(`watch: HTTP ${res.status}`)
  const events: unknown[] = []
  const lines = new NdjsonLines()
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 3000)
    res.stream!.on('data', (chunk: Buffer) =>
      lines.push(chunk, (line) => {
        events.push(JSON.parse(line.toString('utf8')))
        if (events.length >= 3) {
          clearTimeout(timer)
          resolve()
        }
      }),
    )
  })
  await change()
  await done
  res.abort()
  return events
}

function readme(version: string, out: Recorded[]): string {
  return `# Secrets and tokens, recorded from a real API server

Recorded from kube-apiserver ${version} by \`npx tsx --tsconfig tsconfig.node.json scripts/record-redaction-fixtures.ts\`
(a second API server beside the test control plane, \`test/cluster/audited-apiserver.ts\`, that audits
Secrets, \`serviceaccounts/token\` and \`tokenreviews\` at RequestResponse level). Namespace
\`${NS}\`; the Secret \`coffre\` was made by \`kubectl apply\` (client-side, so its
last-applied-configuration annotation holds the value too) with \`stringData.motdepasse:
${CANARY}\`. The TokenRequest's token, a real credential of that server, is written as a stand-in
of the same shape. Never edit by hand: run the script again. The unit tests of the redaction
(\`test/unit/redaction.test.ts\`) require that \`${CANARY}\`, plain or base64, survives none of them.

| file | what |
| --- | --- |
${out.map((r) => `| \`${r.file}.json\` | ${r.scenario} |`).join('\n')}
`
}

await main()
