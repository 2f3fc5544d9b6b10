// Connecting to the real control plane: identities, RBAC denial as data, and every failure mode
// a user meets (wrong CA, malformed kubeconfig, refused connection, bad token, expired
// certificate, missing or failing exec plugin), each with its own message.
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { stringify } from 'yaml'
import { afterEach, describe, expect, it } from 'vitest'
import type { AccessRules, DiscoveryReport, Identity, SessionInfo } from '@common/kube-types'
import type { Result } from '@common/result'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import {
  ADMIN_CONTEXT,
  ADMIN_USER,
  VIEWER_CONTEXT,
  VIEWER_NAMESPACE,
  VIEWER_USER,
  WRONG_CA_CONTEXT,
} from '../cluster/control-plane'
import { kubeconfigOfUser } from '../cluster/kubeconfig-files'
import { cluster, coreFor, onOldest } from './helpers'

const cores: ApiscopeCore[] = []
afterEach(() => {
  for (const c of cores.splice(0)) c.close()
})
function core(kubeconfig?: string): ApiscopeCore {
  const c = coreFor(kubeconfig)
  cores.push(c)
  return c
}
const call = async <T>(c: ApiscopeCore, channel: string, payload: unknown = {}) =>
  (await c.invoke(channel, payload)) as Result<T>

/** A kubeconfig with the test cluster and one user entry of our choosing. */
function kubeconfigWithUser(user: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'apiscope-kc-'))
  return kubeconfigOfUser(
    cluster().kubeconfig,
    path.join(dir, 'config'),
    { name: 'u', user },
    'ctx',
  )
}

describe('identity', () => {
  it('the admin is minikube-user in system:masters: SelfSubjectReview, or its certificate on 1.20', async () => {
    const c = core()
    const connected = await call<SessionInfo>(c, 'kube:connect', { context: ADMIN_CONTEXT })
    expect(connected.ok && connected.value.version.gitVersion).toBe(cluster().version)
    const id = await call<Identity>(c, 'kube:identity')
    expect(id.ok).toBe(true)
    if (!id.ok) return
    expect(id.value.username).toBe(ADMIN_USER)
    expect(id.value.groups).toEqual(['system:masters', 'system:authenticated'])
    // 1.28+ answers SelfSubjectReview (kubectl auth whoami); 1.20 does not serve it, and the
    // identity must say it was derived.
    expect(id.value.source).toBe(onOldest() ? 'derived' : 'server')
  })

  it('the restricted user is itself, may read in its namespace only, and gets 403 as data elsewhere', async () => {
    const c = core()
    expect((await call(c, 'kube:connect', { context: VIEWER_CONTEXT })).ok).toBe(true)
    const id = await call<Identity>(c, 'kube:identity')
    expect(id.ok && id.value.username).toBe(VIEWER_USER)
    const rules = await call<AccessRules>(c, 'kube:access-rules', { namespace: VIEWER_NAMESPACE })
    expect(rules.ok).toBe(true)
    if (!rules.ok) return
    const configmaps = rules.value.resourceRules.find((r) => r.resources.includes('configmaps'))
    expect(configmaps?.verbs).toEqual(expect.arrayContaining(['get', 'list', 'watch']))
    expect(configmaps?.verbs).not.toContain('create')
    const elsewhere = await call<AccessRules>(c, 'kube:access-rules', { namespace: 'default' })
    expect(
      elsewhere.ok && elsewhere.value.resourceRules.some((r) => r.resources.includes('configmaps')),
    ).toBe(false)
    // Discovery works, and the APIServices it may not list come back as a 403 message, not a crash.
    const discovery = await call<DiscoveryReport>(c, 'kube:discovery')
    expect(discovery.ok).toBe(true)
    if (!discovery.ok) return
    expect(discovery.value.resources.length).toBeGreaterThan(40)
    expect(discovery.value.apiServices).toEqual([])
    expect(discovery.value.apiServicesError).toMatch(
      new RegExp(`User "${VIEWER_USER}" cannot list resource "apiservices"`),
    )
    const log = c.requestLog.snapshot()
    expect(
      log.some(
        (e) => e.status === 403 && e.url.endsWith('/apis/apiregistration.k8s.io/v1/apiservices'),
      ),
    ).toBe(true)
  })
})

describe('connection failures, each with its own message', () => {
  it('a context whose CA is wrong: tls-ca, and the app stays usable', async () => {
    const c = core()
    const res = await call(c, 'kube:connect', { context: WRONG_CA_CONTEXT })
    expect(res.ok).toBe(false)
    if (res.ok) return
    expect(res.error.kind).toBe('tls-ca')
    expect(res.error.title).toBe(
      "The server's certificate is not signed by the CA this kubeconfig trusts",
    )
    // Node's words and the code, without the advice Node 24 and newer add for whoever runs Node.
    expect(res.error.detail).toBe(
      'unable to verify the first certificate (UNABLE_TO_VERIFY_LEAF_SIGNATURE)',
    )
    expect(c.sessionState.status).toBe('failed')
    expect((await call(c, 'kube:connect', { context: ADMIN_CONTEXT })).ok).toBe(true)
  })

  it('a malformed kubeconfig: the file and line', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'apiscope-kc-'))
    const file = path.join(dir, 'config')
    writeFileSync(
      file,
      'apiVersion: v1\nclusters:\n  - name: a\n    cluster:\n      server: https://x\n   bad-indent: [\n',
    )
    const c = core(file)
    const contexts = await call(c, 'kube:contexts')
    expect(!contexts.ok && contexts.error.kind).toBe('kubeconfig-malformed')
    expect(!contexts.ok && contexts.error.detail).toMatch(new RegExp(`^${file}, line [0-9]+: `))
    const connect = await call(c, 'kube:connect', {})
    expect(!connect.ok && connect.error.kind).toBe('kubeconfig-malformed')
  })

  it('nothing listening: connection-refused, pointing at minikube status', async () => {
    const file = kubeconfigWithUser({})
    writeFileSync(file, readFileSync(file, 'utf8').replace(cluster().server, 'https://127.0.0.1:1'))
    const res = await call(core(file), 'kube:connect', {})
    expect(!res.ok && res.error.kind).toBe('connection-refused')
    expect(!res.ok && res.error.nextStep).toContain('minikube status')
  })

  it('a made-up bearer token: 401 unauthorized', async () => {
    const res = await call(core(kubeconfigWithUser({ token: 'abc' })), 'kube:connect', {})
    expect(!res.ok && res.error.kind).toBe('unauthorized')
  })

  it('an expired client certificate: cert-expired with its date', async () => {
    const pki = path.join(cluster().dir, 'pki')
    const dir = mkdtempSync(path.join(os.tmpdir(), 'apiscope-expired-'))
    writeFileSync(path.join(dir, 'index.txt'), '')
    writeFileSync(path.join(dir, 'serial'), '1000\n')
    writeFileSync(
      path.join(dir, 'ca.cnf'),
      `[ca]\ndefault_ca=d\n[d]\ndatabase=${dir}/index.txt\nserial=${dir}/serial\nnew_certs_dir=${dir}\ndefault_md=sha256\npolicy=p\n[p]\ncommonName=supplied\norganizationName=optional\n`,
    )
    const sh = (args: string[]) =>
      execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] })
    sh(['genrsa', '-out', 'old.key', '2048'])
    sh([
      'req',
      '-new',
      '-key',
      'old.key',
      '-subj',
      '/O=system:masters/CN=old-user',
      '-out',
      'old.csr',
    ])
    sh([
      'ca',
      '-batch',
      '-config',
      'ca.cnf',
      '-cert',
      path.join(pki, 'ca.crt'),
      '-keyfile',
      path.join(pki, 'ca.key'),
      '-startdate',
      '20200101000000Z',
      '-enddate',
      '20200102000000Z',
      '-notext',
      '-in',
      'old.csr',
      '-out',
      'old.crt',
    ])
    const res = await call(
      core(
        kubeconfigWithUser({
          'client-certificate': path.join(dir, 'old.crt'),
          'client-key': path.join(dir, 'old.key'),
        }),
      ),
      'kube:connect',
      {},
    )
    expect(!res.ok && res.error.kind).toBe('cert-expired')
    expect(!res.ok && res.error.detail).toContain('2020-01-02')
  })

  it('an exec plugin that is not installed: exec-not-found, naming it', async () => {
    const file = kubeconfigWithUser({
      exec: {
        apiVersion: 'client.authentication.k8s.io/v1beta1',
        command: 'apiscope-no-such-plugin',
        args: ['token'],
      },
    })
    const res = await call(core(file), 'kube:connect', {})
    expect(!res.ok && res.error.kind).toBe('exec-not-found')
    expect(!res.ok && res.error.title).toContain('apiscope-no-such-plugin')
  })

  it('an exec plugin that fails: exec-failed, with its stderr', async () => {
    const file = kubeconfigWithUser({
      exec: {
        apiVersion: 'client.authentication.k8s.io/v1beta1',
        command: 'sh',
        args: ['-c', 'echo "please log in again" >&2; exit 3'],
      },
    })
    const res = await call(core(file), 'kube:connect', {})
    expect(!res.ok && res.error.kind).toBe('exec-failed')
    expect(!res.ok && res.error.detail).toBe('please log in again')
  })

  it('an exec plugin that works: its token is used, and KUBERNETES_EXEC_INFO is set as kubectl sets it', async () => {
    // The plugin mints nothing: it returns a token the server rejects, which proves the token was sent.
    const script =
      'printf %s "$KUBERNETES_EXEC_INFO" > "$0.info"; printf \'{"apiVersion":"client.authentication.k8s.io/v1beta1","kind":"ExecCredential","status":{"token":"from-plugin"}}\''
    const dir = mkdtempSync(path.join(os.tmpdir(), 'apiscope-exec-'))
    const file = kubeconfigWithUser({
      exec: {
        apiVersion: 'client.authentication.k8s.io/v1beta1',
        command: 'sh',
        args: ['-c', script, path.join(dir, 'plugin')],
      },
    })
    const res = await call(core(file), 'kube:connect', {})
    expect(!res.ok && res.error.kind).toBe('unauthorized')
    expect(JSON.parse(readFileSync(path.join(dir, 'plugin.info'), 'utf8'))).toEqual({
      apiVersion: 'client.authentication.k8s.io/v1beta1',
      kind: 'ExecCredential',
      spec: { interactive: false },
    })
  })
})

describe('through kubectl proxy, as the seed starts', () => {
  it('connects to a plain-http loopback server that adds the identity itself', async () => {
    const port = 18_000 + Math.floor(Math.random() * 2000)
    const proxy = spawn(
      path.join(cluster().binDir, 'kubectl'),
      [
        `--kubeconfig=${cluster().kubeconfig}`,
        '--context=apiscope-admin',
        'proxy',
        `--port=${port}`,
      ],
      { stdio: 'ignore' },
    )
    try {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'apiscope-proxy-'))
      const file = path.join(dir, 'config')
      writeFileSync(
        file,
        stringify({
          apiVersion: 'v1',
          kind: 'Config',
          clusters: [{ name: 'proxy', cluster: { server: `http://127.0.0.1:${port}` } }],
          users: [{ name: 'nobody', user: {} }],
          contexts: [{ name: 'via-proxy', context: { cluster: 'proxy', user: 'nobody' } }],
          'current-context': 'via-proxy',
        }),
      )
      const c = core(file)
      let res: Result<SessionInfo> = await call<SessionInfo>(c, 'kube:connect', {})
      for (let i = 0; i < 40 && !res.ok && res.error.kind === 'connection-refused'; i++) {
        await new Promise((r) => setTimeout(r, 250))
        res = await call<SessionInfo>(c, 'kube:connect', {})
      }
      expect(res.ok && res.value.version.gitVersion).toBe(cluster().version)
      const discovery = await call<DiscoveryReport>(c, 'kube:discovery')
      expect(discovery.ok && discovery.value.apiServices.length).toBeGreaterThan(0)
      expect(c.requestLog.snapshot()[0]?.curl).toBe(`curl -sS 'http://127.0.0.1:${port}/version'`)
    } finally {
      proxy.kill()
    }
  })
})
