// The setup helper's commands for minikube, kind and kubeadm. The commands that write files are run
// in bash in a scratch folder, and what they write is read back: the policy and webhook file the
// flags name, a kind config whose kubeadm patch mounts them into kube-apiserver's Pod, and the
// kubeadm additions. (That kube-apiserver knows every flag is checked against the real binary in
// test/integration/live-traffic.test.ts.)
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { SetupCommand } from '@features/traffic/messages'
import {
  kindGuide,
  kubeadmGuide,
  minikubeGuide,
  RECOMMENDED_POLICY,
} from '../../src-main/features/traffic/audit-setup-guides'
import { auditFlags, clusterFlavour } from '../../src-main/features/traffic/audit-setup'

const text = (commands: SetupCommand[]) => commands.map((c) => c.command).join('\n')

/** Runs commands in bash, in a scratch folder that is also HOME; answers the folder. */
function runInScratch(commands: SetupCommand[], env: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'apiscope-setup-'))
  execFileSync('bash', ['-euc', commands.map((c) => c.command).join('\n')], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, ...env },
  })
  return dir
}

describe('audit setup: flags and cluster kinds', () => {
  it('reads --audit-* flags in both forms', () => {
    expect(
      auditFlags([
        'kube-apiserver',
        '--audit-log-path=-',
        '--audit-policy-file',
        '/etc/p.yaml',
        '--v=2',
      ]),
    ).toEqual({ 'audit-log-path': '-', 'audit-policy-file': '/etc/p.yaml' })
  })

  it('tells minikube, kind and kubeadm apart', () => {
    expect(clusterFlavour('minikube', { found: true, node: 'minikube' })).toBe('minikube')
    expect(clusterFlavour('demo', { found: true, node: 'demo' })).toBe('minikube')
    expect(clusterFlavour('kind-cours', { found: true, node: 'cours-control-plane' })).toBe('kind')
    expect(clusterFlavour('kubernetes-admin@kubernetes', { found: true, node: 'cp1' })).toBe(
      'kubeadm',
    )
    // No kube-apiserver Pod (a managed cluster, or the test control plane): none of the three.
    expect(clusterFlavour('apiscope-admin', { found: false })).toBeNull()
  })
})

describe('minikube', () => {
  it('gives the files, the flags and the URL the node reaches', () => {
    const guide = minikubeGuide('demo', 9443, '/apiscope-audit')
    expect(guide.webhookUrl).toBe('http://host.minikube.internal:9443/apiscope-audit')
    expect(guide.listenHost).toBe('0.0.0.0')
    const all = text(guide.commands)
    expect(all).toContain('mkdir -p ~/.minikube/files/etc/ssl/certs')
    expect(all).toContain('server: http://host.minikube.internal:9443/apiscope-audit')
    expect(all).toContain(
      'minikube start -p demo --extra-config=apiserver.audit-policy-file=/etc/ssl/certs/apiscope-audit-policy.yaml --extra-config=apiserver.audit-webhook-config-file=/etc/ssl/certs/apiscope-audit-webhook.kubeconfig --extra-config=apiserver.audit-webhook-mode=batch --extra-config=apiserver.audit-webhook-batch-max-wait=1s',
    )
    expect(text(guide.logCommands)).toContain(
      'minikube start -p demo --extra-config=apiserver.audit-policy-file=/etc/ssl/certs/apiscope-audit-policy.yaml --extra-config=apiserver.audit-log-path=-',
    )
    expect(text(minikubeGuide('minikube', 1, '/a').commands)).toContain(
      'minikube start --extra-config',
    )
  })

  it('writes the two files where minikube copies them into the node', () => {
    const guide = minikubeGuide('minikube', 9443, '/apiscope-audit')
    const home = runInScratch(guide.commands.slice(0, 3))
    const dir = path.join(home, '.minikube/files/etc/ssl/certs')
    expect(readFileSync(path.join(dir, 'apiscope-audit-policy.yaml'), 'utf8')).toBe(
      RECOMMENDED_POLICY,
    )
    const kubeconfig = parse(
      readFileSync(path.join(dir, 'apiscope-audit-webhook.kubeconfig'), 'utf8'),
    ) as { clusters: { cluster: { server: string } }[] }
    expect(kubeconfig.clusters[0]?.cluster.server).toBe(
      'http://host.minikube.internal:9443/apiscope-audit',
    )
  })
})

interface KindConfig {
  nodes: {
    role: string
    extraMounts: { hostPath: string; containerPath: string; readOnly: boolean }[]
    kubeadmConfigPatches: string[]
  }[]
}
interface KubeadmPatch {
  kind: string
  apiServer: {
    extraArgs: Record<string, string>
    extraVolumes: { name: string; hostPath: string; mountPath: string; readOnly: boolean }[]
  }
}

describe('kind', () => {
  const guide = kindGuide('cours', 9443, '/apiscope-audit', '/home/formateur')

  it('writes the policy and the webhook file in the folder kind mounts, and a config that mounts it into kube-apiserver', () => {
    // Every command but `kind create` and the docker ones, with the gateway found.
    const local = guide.commands.filter((c) => !/^(kind |docker |APISCOPE_HOST=)/.test(c.command))
    const dir = runInScratch(local, { APISCOPE_HOST: '172.18.0.1' })
    const files = path.join(dir, 'apiscope-audit')
    expect(readFileSync(path.join(files, 'apiscope-audit-policy.yaml'), 'utf8')).toBe(
      RECOMMENDED_POLICY,
    )
    const kubeconfig = parse(
      readFileSync(path.join(files, 'apiscope-audit-webhook.kubeconfig'), 'utf8'),
    ) as { clusters: { cluster: { server: string } }[] }
    expect(kubeconfig.clusters[0]?.cluster.server).toBe('http://172.18.0.1:9443/apiscope-audit')

    const config = parse(readFileSync(path.join(dir, 'apiscope-kind.yaml'), 'utf8')) as KindConfig
    const node = config.nodes[0]
    expect(node?.role).toBe('control-plane')
    expect(node?.extraMounts).toEqual([
      { hostPath: './apiscope-audit', containerPath: '/etc/kubernetes/apiscope', readOnly: true },
    ])
    const patch = parse(node?.kubeadmConfigPatches[0] ?? '') as KubeadmPatch
    expect(patch.kind).toBe('ClusterConfiguration')
    expect(patch.apiServer.extraArgs).toEqual({
      'audit-policy-file': '/etc/kubernetes/apiscope/apiscope-audit-policy.yaml',
      'audit-webhook-config-file': '/etc/kubernetes/apiscope/apiscope-audit-webhook.kubeconfig',
      'audit-webhook-mode': 'batch',
      'audit-webhook-batch-max-wait': '1s',
    })
    expect(patch.apiServer.extraVolumes).toEqual([
      {
        name: 'apiscope-audit',
        hostPath: '/etc/kubernetes/apiscope',
        mountPath: '/etc/kubernetes/apiscope',
        readOnly: true,
        pathType: 'DirectoryOrCreate',
      },
    ])
  })

  it('finds this machine on the kind network, creates the named cluster, checks from its node', () => {
    const all = text(guide.commands)
    expect(all).toContain(
      `APISCOPE_HOST=$(docker network inspect kind --format '{{range .IPAM.Config}}{{println .Gateway}}{{end}}' | grep -m1 '\\.')`,
    )
    expect(all).toContain('kind create cluster --name cours --config apiscope-kind.yaml')
    expect(all).toContain('docker exec cours-control-plane curl')
    expect(guide.listenHost).toBe('0.0.0.0')
    // The IPv4 gateway is picked out of what docker prints (IPv6 first or not).
    const pick = execFileSync(
      'bash',
      ['-c', "printf 'fc00:f853:ccd:e793::1\\n172.18.0.1\\n' | grep -m1 '\\.'"],
      {
        encoding: 'utf8',
      },
    )
    expect(pick.trim()).toBe('172.18.0.1')
  })

  it('on the log route, writes the log in the node and copies it here to follow', () => {
    const config = guide.logCommands.find((c) => c.command.startsWith('cat > apiscope-kind.yaml'))
    const dir = runInScratch(config ? [config] : [])
    const parsed = parse(readFileSync(path.join(dir, 'apiscope-kind.yaml'), 'utf8')) as KindConfig
    const patch = parse(parsed.nodes[0]?.kubeadmConfigPatches[0] ?? '') as KubeadmPatch
    expect(patch.apiServer.extraArgs).toEqual({
      'audit-policy-file': '/etc/kubernetes/apiscope/apiscope-audit-policy.yaml',
      'audit-log-path': '/var/log/kubernetes/kube-apiserver-audit.log',
    })
    expect(patch.apiServer.extraVolumes.map((v) => [v.mountPath, v.readOnly])).toEqual([
      ['/etc/kubernetes/apiscope', true],
      ['/var/log/kubernetes', false],
    ])
    expect(text(guide.logCommands)).toContain(
      'docker exec cours-control-plane tail -F -n 0 /var/log/kubernetes/kube-apiserver-audit.log >> /home/formateur/apiscope-kind-audit.log',
    )
  })
})

describe('kubeadm', () => {
  it('posts to the address this machine reaches the API server from', () => {
    const guide = kubeadmGuide('10.0.0.5', 9443, '/apiscope-audit', '/home/formateur')
    expect(guide.webhookUrl).toBe('http://10.0.0.5:9443/apiscope-audit')
    expect(guide.listenHost).toBe('0.0.0.0')
    // The API server on this machine: loopback is enough.
    expect(kubeadmGuide('127.0.0.1', 9443, '/a', '/h').listenHost).toBe('127.0.0.1')
    expect(kubeadmGuide('fd00::5', 9443, '/a', '/h').webhookUrl).toBe('http://[fd00::5]:9443/a')
    // Not told: a placeholder the text says to replace.
    const unknown = kubeadmGuide(null, 9443, '/a', '/h')
    expect(unknown.webhookUrl).toBe('http://THIS-MACHINE:9443/a')
    expect(unknown.commands.find((c) => c.label === 'Webhook configuration')?.why).toContain(
      'Replace THIS-MACHINE',
    )
  })

  it('adds the flags, the mount and the hostPath volume to the static Pod manifest', () => {
    const guide = kubeadmGuide('10.0.0.5', 9443, '/apiscope-audit', '/home/formateur')
    const all = text(guide.commands)
    expect(all).toContain('sudo mkdir -p /etc/kubernetes/apiscope')
    expect(all).toContain(
      "sudo tee /etc/kubernetes/apiscope/apiscope-audit-policy.yaml > /dev/null <<'EOF'",
    )
    expect(all).toContain('server: http://10.0.0.5:9443/apiscope-audit')
    const edit = guide.commands.find((c) => c.label.includes('/etc/kubernetes/manifests'))
    expect(edit?.label).toBe(
      'Add to the static Pod manifest /etc/kubernetes/manifests/kube-apiserver.yaml',
    )
    // Without the comment lines, each part is YAML as the manifest writes it.
    const dedent = (part: string) => {
      const lines = part.split('\n').filter((l) => l.trim() !== '')
      const by = Math.min(...lines.map((l) => l.length - l.trimStart().length))
      return lines.map((l) => l.slice(by)).join('\n')
    }
    const parts = (edit?.command ?? '').split(/^#.*$/m).map(dedent)
    expect(parse(parts[1] ?? '')).toEqual([
      '--audit-policy-file=/etc/kubernetes/apiscope/apiscope-audit-policy.yaml',
      '--audit-webhook-config-file=/etc/kubernetes/apiscope/apiscope-audit-webhook.kubeconfig',
      '--audit-webhook-mode=batch',
      '--audit-webhook-batch-max-wait=1s',
    ])
    expect(parse(parts[2] ?? '')).toEqual([
      { mountPath: '/etc/kubernetes/apiscope', name: 'apiscope-audit', readOnly: true },
    ])
    expect(parse(parts[3] ?? '')).toEqual([
      {
        hostPath: { path: '/etc/kubernetes/apiscope', type: 'DirectoryOrCreate' },
        name: 'apiscope-audit',
      },
    ])
  })

  it('gives the same as ClusterConfiguration (kubeadm v1beta4: extraArgs as name and value)', () => {
    const guide = kubeadmGuide('10.0.0.5', 9443, '/apiscope-audit', '/home/formateur')
    const config = guide.commands.find((c) => c.label.includes('ClusterConfiguration'))
    expect(parse(config?.command ?? '')).toEqual({
      apiVersion: 'kubeadm.k8s.io/v1beta4',
      kind: 'ClusterConfiguration',
      apiServer: {
        extraArgs: [
          {
            name: 'audit-policy-file',
            value: '/etc/kubernetes/apiscope/apiscope-audit-policy.yaml',
          },
          {
            name: 'audit-webhook-config-file',
            value: '/etc/kubernetes/apiscope/apiscope-audit-webhook.kubeconfig',
          },
          { name: 'audit-webhook-mode', value: 'batch' },
          { name: 'audit-webhook-batch-max-wait', value: '1s' },
        ],
        extraVolumes: [
          {
            name: 'apiscope-audit',
            hostPath: '/etc/kubernetes/apiscope',
            mountPath: '/etc/kubernetes/apiscope',
            readOnly: true,
            pathType: 'DirectoryOrCreate',
          },
        ],
      },
    })
    const log = kubeadmGuide('10.0.0.5', 9443, '/a', '/home/formateur')
    expect(text(log.logCommands)).toContain('--audit-log-path=/var/log/kubernetes/audit/audit.log')
    expect(text(log.logCommands)).toContain(
      'sudo tail -F -n 0 /var/log/kubernetes/audit/audit.log >> /home/formateur/apiscope-audit.log',
    )
  })
})
