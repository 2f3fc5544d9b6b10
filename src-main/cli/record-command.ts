// `apiscope record`: records a live session headless until interrupted (Ctrl-C, SIGTERM), printing
// progress. The same core and recorder as the app; the file stays readable if the process is
// killed outright (docs/recording-format.md).
import type { DiscoveredResource } from '@common/kube-types'
import type { KubectlProxyStatus } from '@features/kubectl-proxy/messages'
import type { WatchTarget } from '@common/watch-types'
import type { ApiscopeCore } from '../assembly/apiscope-core'
import { errorWords, say, sizeText as kb } from './cli-text'
import { UsageError, parseCommand } from './usage'

export const RECORD_HELP = say('cli.recordUsage')

/** "configmaps" or "deployments.apps" (kubectl's resource.group), resolved by discovery. */
export function resolveWatch(
  spec: string,
  resources: DiscoveredResource[],
): DiscoveredResource | null {
  const dot = spec.indexOf('.')
  const name = dot < 0 ? spec : spec.slice(0, dot)
  const group = dot < 0 ? '' : spec.slice(dot + 1)
  const candidates = resources.filter(
    (r) =>
      (r.name === name || r.shortNames.includes(name) || r.kind.toLowerCase() === name) &&
      r.group === group &&
      r.verbs.includes('watch'),
  )
  return candidates.find((r) => r.preferred) ?? candidates[0] ?? null
}

const clock = (ms: number) => {
  const s = Math.floor(ms / 1000)
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
}

export async function record(core: ApiscopeCore, argv: string[], usage: string): Promise<number> {
  const parsed = parseCommand(usage, argv, {
    out: { type: 'string' },
    context: { type: 'string' },
    watch: { type: 'string', default: 'configmaps' },
    namespace: { type: 'string' },
    'audit-webhook': { type: 'string' },
    'audit-log': { type: 'string' },
    gzip: { type: 'boolean', default: false },
    'include-secrets': { type: 'boolean', default: false },
    title: { type: 'string' },
    proxy: { type: 'boolean', default: false },
  })
  if (!parsed) return 0
  const values = parsed as {
    out?: string
    context?: string
    watch: string
    namespace?: string
    'audit-webhook'?: string
    'audit-log'?: string
    gzip: boolean
    'include-secrets': boolean
    title?: string
    proxy: boolean
  }
  if (!values.out) throw new UsageError(say('cli.rec.outRequired'))
  if (values['audit-webhook'] && values['audit-log']) {
    throw new UsageError(say('cli.rec.bothAudit'))
  }
  const print = (line: string) => process.stderr.write(`${line}\n`)

  const connected = await core.invoke(
    'kube:connect',
    values.context ? { context: values.context } : {},
  )
  if (!connected.ok) {
    const e = errorWords(connected.error)
    throw new Error(`${e.title}. ${e.nextStep}`)
  }
  const discovery = await core.invoke('kube:discovery', {})
  if (!discovery.ok)
    throw new Error(say('cli.rec.discoveryFailed', { title: errorWords(discovery.error).title }))
  const resources = (discovery.value as { resources: DiscoveredResource[] }).resources

  const targets: WatchTarget[] = []
  for (const spec of values.watch
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const r = resolveWatch(spec, resources)
    if (!r) throw new Error(say('cli.rec.noResource', { spec }))
    targets.push({
      group: r.group,
      version: r.version,
      resource: r.name,
      ...(values.namespace && r.namespaced ? { namespace: values.namespace } : {}),
    })
  }

  const started = await core.recording.start({
    path: values.out,
    gzip: values.gzip,
    includeSecrets: values['include-secrets'],
    ...(values.title ? { title: values.title } : {}),
    watches: targets,
  })
  if (!started.ok) {
    const e = errorWords(started.error)
    throw new Error(`${e.title}: ${e.detail}`)
  }
  if (values['include-secrets']) print(say('cli.rec.secrets'))

  for (const target of targets) {
    const res = await core.invoke('watch:start', { target })
    if (!res.ok)
      throw new Error(
        say('cli.rec.watchFailed', {
          resource: target.resource,
          title: errorWords(res.error).title,
        }),
      )
  }
  if (values['audit-webhook'] || values['audit-log']) {
    const res = values['audit-webhook']
      ? await core.invoke('traffic:start-webhook', {
          port: Number(values['audit-webhook']),
          host: '127.0.0.1',
          path: '/audit',
        })
      : await core.invoke('traffic:start-log-tail', { path: values['audit-log'] })
    if (!res.ok) throw new Error(say('cli.rec.auditFailed', errorWords(res.error)))
  }
  if (values.proxy) {
    const res = await core.invoke('proxy:start', {})
    if (!res.ok) throw new Error(say('cli.rec.proxyFailed', errorWords(res.error)))
    const status = res.value as KubectlProxyStatus
    print(say('cli.rec.proxyOpen'))
    console.log(status.line)
  }
  const watched = targets.map((t) => t.resource).join(', ')
  print(
    values.namespace
      ? say('cli.rec.recordingIn', {
          resources: watched,
          namespace: values.namespace,
          out: values.out,
        })
      : say('cli.rec.recording', { resources: watched, out: values.out }),
  )

  const tty = process.stderr.isTTY
  let lastLine = 0
  const progress = setInterval(() => {
    const r = core.recording.status().recording
    if (!r) return
    const text = say('cli.rec.progress', {
      events: r.events,
      size: kb(r.bytes),
      clock: clock(r.durationMs),
    })
    if (tty) process.stderr.write(`\r${text}   `)
    else if (Date.now() - lastLine >= 5000) {
      lastLine = Date.now()
      print(text)
    }
  }, 1000)

  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve())
    process.once('SIGTERM', () => resolve())
  })
  clearInterval(progress)
  const done = await core.recording.stop('interrupted')
  const r = done.recording
  core.close()
  if (tty) process.stderr.write('\n')
  const status = core.recording.lastStats
  print(
    say('cli.rec.recorded', {
      count: status?.events ?? r?.events ?? 0,
      size: kb(status?.bytes ?? 0),
      clock: clock(status?.durationMs ?? 0),
      out: values.out,
    }),
  )
  return 0
}
