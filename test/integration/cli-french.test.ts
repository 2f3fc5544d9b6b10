// The command line speaks the language of its environment (#15): LANG=fr_FR.UTF-8 prints the usage
// and the usage errors in French, LC_ALL=C wins over it, and the exit codes stay the same. Run as
// a user runs it (tsx, no build); no cluster is needed for --help and usage errors. `record` and
// `proxy` print their progress in French too, against the real server: a French run, then the
// same with LC_ALL=C in English; and the proxy's own Status answers (an exec it refuses, a request
// without its credential), which the real kubectl prints, are French too, their reason and code
// the API's words.
import { mkdtempSync, readFileSync } from 'node:fs'
import https from 'node:https'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { ADMIN_CONTEXT } from '../cluster/control-plane'
import { kubectlVia, runCli, startCli } from './cli-run'
import { cluster, createNamespace, kubectl, waitUntil } from './helpers'

const dir = mkdtempSync(path.join(tmpdir(), 'apiscope-cli-fr-'))

/** The environment a user's shell gives the CLI: no locale but the one named. */
const envWith = (env: Record<string, string>) => ({
  ...process.env,
  LC_ALL: '',
  LC_MESSAGES: '',
  LANGUAGE: '',
  ...env,
})

const apiscope = (env: Record<string, string>, ...args: string[]) => runCli(envWith(env), ...args)

/**
 * A request to the proxy the kubeconfig at `file` names, trusting its CA, without the proxy's
 * credential (what a client with another kubeconfig sends): its status and body.
 */
function withoutCredential(file: string): Promise<{ status: number; body: string }> {
  const config = parseYaml(readFileSync(file, 'utf8')) as {
    clusters: { cluster: Record<string, string> }[]
  }
  const c = config.clusters[0]?.cluster ?? {}
  const ca = Buffer.from(c['certificate-authority-data'] ?? '', 'base64')
  return new Promise((resolve, reject) => {
    const req = https.request(`${c.server}/api/v1/namespaces`, { ca }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

/**
 * `kubectl exec` into the pod coquille of `ns` through the proxy the kubeconfig at `file` names,
 * which refuses it: what kubectl prints on stderr.
 */
const execThroughProxy = (file: string, ns: string): Promise<{ stderr: string }> =>
  kubectlVia(file, dir, 'exec', 'coquille', '-n', ns, '--', 'true').then(
    () => ({ stderr: '' }),
    (error: { stderr: string }) => error,
  )

/** A long-running command (record, proxy) on this cluster, its output as it comes. */
const started = (env: Record<string, string>, ...args: string[]) =>
  startCli(envWith({ KUBECONFIG: cluster().kubeconfig, ...env }), ...args)

describe('the CLI in French', () => {
  it('prints --help in French when LANG is French, with the same exit codes', async () => {
    const r = await apiscope({ LANG: 'fr_FR.UTF-8' }, '--help')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('rend visible le serveur d’API de Kubernetes')
    expect(r.stdout).toContain('Codes de sortie\u00a0:')
    expect(r.stdout).toContain('apiscope record --out FICHIER')
    expect(r.stdout).not.toContain('Exit codes')
  })
  it('names an unknown option in French and exits 2', async () => {
    const r = await apiscope({ LANG: 'fr_FR.UTF-8' }, 'record', '--outt', 'x')
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('apiscope record: option inconnue «\u202f--outt\u202f»')
    expect(r.stderr).toContain('Usage\u00a0:')
  })
  it('prints a command’s usage for help <command>, and names a leading unknown option, in French', async () => {
    const r = await apiscope({ LANG: 'fr_FR.UTF-8' }, 'help', 'proxy')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('apiscope proxy')
    expect(r.stdout).toContain('Codes de sortie\u00a0:')
    const leading = await apiscope({ LANG: 'fr_FR.UTF-8' }, '--port', '80')
    expect(leading.code).toBe(2)
    expect(leading.stderr).toContain('apiscope: option inconnue «\u202f--port\u202f»')
  })
  it('speaks English when LC_ALL says C, whatever LANG says', async () => {
    const r = await apiscope({ LANG: 'fr_FR.UTF-8', LC_ALL: 'C' }, 'proxy', '--help')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('relays kubectl to the context')
    expect(r.stdout).toContain('Exit codes:')
  })
})

describe('record and proxy print their progress in the language of the environment', () => {
  it('records in French: what it records, the progress line, the last line (ko, événements)', async () => {
    const ns = createNamespace('clifr')
    const out = path.join(dir, 'fr.ndjson')
    const p = started(
      { LANG: 'fr_FR.UTF-8' },
      'record',
      '--context',
      ADMIN_CONTEXT,
      '--namespace',
      ns,
      '--out',
      out,
    )
    try {
      await waitUntil('the recorder to start', 50_000, () =>
        p.out.stderr.includes('Ctrl-C l’arrête'),
      )
      expect(p.out.stderr).toContain(
        `apiscope\u00a0: enregistrement de configmaps du namespace ${ns} dans ${out}\u202f; Ctrl-C l’arrête`,
      )
      kubectl('-n', ns, 'create', 'configmap', 'un')
      // Not a terminal: a progress line every 5 s, its size in French units (12,3 ko, Intl's
      // no-break space before the unit).
      await waitUntil('a progress line', 15_000, () =>
        /événements [1-9]\d* · \d+,\d\sko · 00:0\d/.test(p.out.stderr),
      )
      p.child.kill('SIGINT')
      expect(await p.exited).toBe(0)
      expect(p.out.stderr).toMatch(
        /apiscope\s: \d+ événements? enregistrés?, \d+,\d\sko, 00:\d\d dans /,
      )
      for (const english of ['recording', 'events', 'Ctrl-C stops', 'kB']) {
        expect(p.out.stderr).not.toContain(english)
      }
    } finally {
      p.child.kill('SIGKILL')
      kubectl('delete', 'namespace', ns, '--wait=false')
    }
  }, 90_000)

  it('records in English when LC_ALL says C, whatever LANG says', async () => {
    const ns = createNamespace('clic')
    const out = path.join(dir, 'c.ndjson')
    const p = started(
      { LANG: 'fr_FR.UTF-8', LC_ALL: 'C' },
      'record',
      '--context',
      ADMIN_CONTEXT,
      '--namespace',
      ns,
      '--out',
      out,
    )
    try {
      await waitUntil('the recorder to start', 50_000, () => p.out.stderr.includes('Ctrl-C stops'))
      expect(p.out.stderr).toContain(`apiscope: recording configmaps in ${ns} to ${out}`)
      p.child.kill('SIGINT')
      expect(await p.exited).toBe(0)
      expect(p.out.stderr).toMatch(/apiscope: recorded \d+ events?, [\d.]+ kB, 00:\d\d to /)
      expect(p.out.stderr).not.toContain('enregistr')
    } finally {
      p.child.kill('SIGKILL')
      kubectl('delete', 'namespace', ns, '--wait=false')
    }
  }, 90_000)

  it('proxies in French: the line to paste, each relayed request, and its own answers to kubectl', async () => {
    const ns = createNamespace('frproxy')
    kubectl('run', 'coquille', '-n', ns, '--image=registry.invalid/shell:1', '--restart=Never')
    const p = started({ LANG: 'fr_FR.UTF-8' }, 'proxy', '--context', ADMIN_CONTEXT)
    try {
      const line = await waitUntil('the line to paste', 50_000, () =>
        /^export KUBECONFIG=(\S+)$/m.exec(p.out.stdout),
      )
      expect(p.out.stderr).toContain('. Collez cette ligne dans un terminal\u00a0:')
      expect(p.out.stderr).toContain(
        'apiscope\u00a0: Ctrl-C arrête le proxy et supprime son kubeconfig.',
      )
      await kubectlVia(line[1] as string, dir, 'get', 'namespace', 'default', '-o', 'name')
      await waitUntil('the relayed request on stderr', 10_000, () =>
        /\/api\/v1\/namespaces\/default 200 OK en \d+ millisecondes/.test(p.out.stderr),
      )
      // Its own Status answers are Apiscope's words for the person reading kubectl's output: in
      // French, the reason and code as the API says them. The real kubectl prints the message.
      const exec = await execThroughProxy(line[1] as string, ns)
      expect(exec.stderr).toContain(
        'Le proxy kubectl d’Apiscope ne relaie pas exec, attach ni port-forward',
      )
      expect(exec.stderr).toContain(`kubectl --context ${ADMIN_CONTEXT} ...`)
      expect(exec.stderr).not.toContain('does not relay')
      const stranger = await withoutCredential(line[1] as string)
      expect(stranger.status).toBe(401)
      expect(JSON.parse(stranger.body)).toMatchObject({
        kind: 'Status',
        status: 'Failure',
        reason: 'Unauthorized',
        code: 401,
        message:
          'Proxy kubectl d’Apiscope\u00a0: cette requête ne porte pas l’identifiant du proxy. Utilisez le kubeconfig écrit par Apiscope (sa ligne KUBECONFIG), pas un autre.',
      })
      p.child.kill('SIGINT')
      expect(await p.exited).toBe(0)
      expect(p.out.stderr).not.toContain('Paste this line')
      expect(p.out.stderr).not.toContain('milliseconds')
    } finally {
      p.child.kill('SIGKILL')
      kubectl('delete', 'namespace', ns, '--wait=false')
    }
  }, 90_000)

  it('answers kubectl in English with LC_ALL=C, whatever LANG says', async () => {
    const ns = createNamespace('cproxy')
    kubectl('run', 'coquille', '-n', ns, '--image=registry.invalid/shell:1', '--restart=Never')
    const p = started({ LANG: 'fr_FR.UTF-8', LC_ALL: 'C' }, 'proxy', '--context', ADMIN_CONTEXT)
    try {
      const line = await waitUntil('the line to paste', 50_000, () =>
        /^export KUBECONFIG=(\S+)$/m.exec(p.out.stdout),
      )
      const exec = await execThroughProxy(line[1] as string, ns)
      expect(exec.stderr).toContain(
        'Apiscope’s kubectl proxy does not relay exec, attach or port-forward',
      )
      const stranger = await withoutCredential(line[1] as string)
      expect(JSON.parse(stranger.body)).toMatchObject({
        reason: 'Unauthorized',
        code: 401,
        message: expect.stringContaining('does not carry the proxy’s credential'),
      })
      p.child.kill('SIGINT')
      expect(await p.exited).toBe(0)
    } finally {
      p.child.kill('SIGKILL')
      kubectl('delete', 'namespace', ns, '--wait=false')
    }
  }, 90_000)
})
