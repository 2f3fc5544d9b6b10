// A kubeconfig that names no CA for its cluster: Apiscope checks the server against the system's
// trusted CAs, as kubectl does (core/system-trust.ts), against the real API server and the real
// kubectl of its release. The system's store is moved for the child processes only: on Linux,
// SSL_CERT_FILE and SSL_CERT_DIR move OpenSSL's (Node's) and Go's (kubectl's) alike.
// Broke: the test cluster's kubeconfig without certificate-authority(-data); a system store that
// holds the cluster's CA, then one that holds another CA only.
// Checked: with the cluster's CA in the system's store, `apiscope proxy` connects and kubectl
// through it answers, as kubectl does straight; without it, both refuse the server, and Apiscope
// says the certificate is not signed by a CA this computer trusts, and what to do.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ADMIN_CONTEXT } from '../cluster/control-plane'
import { kubeconfigWithoutCa, systemStoreOf } from '../cluster/kubeconfig-files'
import { kubectlRun, runCli, startCli } from './cli-run'
import { cluster, waitUntil } from './helpers'
import { readsSystemStore } from '../../src-main/core/system-trust'

const tmp = mkdtempSync(path.join(os.tmpdir(), 'apiscope-system-trust-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

/** An environment with the test cluster's kubeconfig without a CA, and `caFile` as the store. */
function systemStore(caFile: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    KUBECONFIG: kubeconfigWithoutCa(cluster().kubeconfig, tmp),
    ...systemStoreOf(caFile, tmp),
  }
}

/** The control plane's kubectl with `env`'s system store and `kubeconfig`: its code and output. */
const kubectl = (env: NodeJS.ProcessEnv, kubeconfig: string, ...args: string[]) =>
  kubectlRun(kubeconfig, tmp, args, {
    SSL_CERT_FILE: env.SSL_CERT_FILE,
    SSL_CERT_DIR: env.SSL_CERT_DIR,
  })

const pki = (name: string) => path.join(cluster().dir, 'pki', name)
describe('a kubeconfig without a CA', () => {
  it.skipIf(!readsSystemStore)(
    `connects when the system's store holds the cluster's CA, as kubectl does (needs Node 22.15 or newer to read the system's store; this is ${process.version})`,
    async () => {
      const env = systemStore(pki('ca.crt'))
      const straight = await kubectl(env, env.KUBECONFIG as string, 'get', '--raw', '/readyz')
      expect(straight, straight.stderr).toMatchObject({ code: 0, stdout: 'ok' })
      const p = startCli(env, 'proxy', '--context', ADMIN_CONTEXT)
      try {
        let exited = false
        void p.exited.then(() => (exited = true))
        await waitUntil(
          'the line to paste, or the command ending',
          30_000,
          () => /^export KUBECONFIG=\S+$/m.test(p.out.stdout) || exited,
        )
        const line = /^export KUBECONFIG=(\S+)$/m.exec(p.out.stdout)
        expect(line, p.out.stderr).not.toBeNull()
        const through = await kubectl(env, line?.[1] as string, 'get', '--raw', '/readyz')
        expect(through, through.stderr).toMatchObject({ code: 0, stdout: 'ok' })
      } finally {
        p.child.kill('SIGINT')
        await p.exited
      }
    },
    60_000,
  )

  it("refuses a server whose CA the system's store lacks, and says so", async () => {
    const env = systemStore(pki('other-ca.crt'))
    const straight = await kubectl(env, env.KUBECONFIG as string, 'get', '--raw', '/readyz')
    expect(straight.code).not.toBe(0)
    expect(straight.stderr).toContain('certificate signed by unknown authority')
    const r = await runCli(env, 'proxy', '--context', ADMIN_CONTEXT)
    expect(r.code).not.toBe(0)
    expect(r.stderr).toContain(
      "The server's certificate is not signed by a CA this computer trusts",
    )
    expect(r.stderr).toContain("or to the system's trust store")
    expect(r.stderr).not.toContain('Node.js')
  }, 60_000)
})
