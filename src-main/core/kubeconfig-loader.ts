// Reads kubeconfig the way kubectl does (client-go's loading rules): the files named in
// KUBECONFIG, in order, else ~/.kube/config; for every cluster, user and context the first file
// that defines a name wins, and so does the first current-context. Relative paths resolve
// against the file that holds them. Errors carry the file and line.
// Ref: https://kubernetes.io/docs/concepts/configuration/organize-cluster-access-kubeconfig/
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { LineCounter, parseDocument, isMap, isSeq, type Node } from 'yaml'
import type { AuthKind, ContextSummary, KubeconfigSummary } from '@common/kube-types'
import { fail, ok, type Result, type SaidAs } from '@common/result'
import { saidError } from '@common/said-error'
import { said, type Said } from '@i18n/translate'

type Json = Record<string, unknown>

export interface NamedEntry {
  name: string
  body: Json
  file: string
}

export interface MergedKubeconfig {
  files: string[]
  clusters: Map<string, NamedEntry>
  users: Map<string, NamedEntry>
  contexts: Map<string, NamedEntry>
  currentContext: string | null
  warnings: string[]
  /** The same warnings as catalogue messages (i18n/), in order. */
  warningsSaid?: SaidAs[]
}

export function kubeconfigPaths(
  env: NodeJS.ProcessEnv = process.env,
  home: string = os.homedir(),
): { paths: string[]; fromEnv: boolean } {
  const fromEnv = env.KUBECONFIG?.split(path.delimiter).filter((p) => p.trim() !== '') ?? []
  if (fromEnv.length > 0) return { paths: fromEnv, fromEnv: true }
  return { paths: [path.join(home, '.kube', 'config')], fromEnv: false }
}

const PATH_FIELDS: Record<'cluster' | 'user', string[]> = {
  cluster: ['certificate-authority'],
  user: ['client-certificate', 'client-key', 'tokenFile'],
}

function resolvePaths(body: Json, kind: 'cluster' | 'user', dir: string): Json {
  const out: Json = { ...body }
  for (const field of PATH_FIELDS[kind]) {
    const value = out[field]
    if (typeof value === 'string' && value !== '' && !path.isAbsolute(value)) {
      out[field] = path.join(dir, value)
    }
  }
  // client-go resolves an exec command relative to the kubeconfig only when it names a path.
  const exec = out.exec as Json | undefined
  if (kind === 'user' && exec && typeof exec.command === 'string') {
    const cmd = exec.command
    if (cmd.includes('/') && !path.isAbsolute(cmd))
      out.exec = { ...exec, command: path.join(dir, cmd) }
  }
  return out
}

function lineOf(node: Node | null | undefined, counter: LineCounter): number | null {
  const offset = node?.range?.[0]
  return offset === undefined ? null : counter.linePos(offset).line
}

/** What is wrong and where: ours in the catalogue's words, the YAML parser's message as it came. */
function malformed(file: string, line: number | null, what: Said | string): Result<never> {
  return fail(
    saidError(
      'kubeconfig-malformed',
      said('kcfg.unreadable.title'),
      line === null ? said('kcfg.at', { file, what }) : said('kcfg.atLine', { file, line, what }),
      said('kcfg.unreadable.next', { file }),
    ),
  )
}

interface ParsedFile {
  clusters: NamedEntry[]
  users: NamedEntry[]
  contexts: NamedEntry[]
  currentContext: string | null
}

export function parseKubeconfigText(text: string, file: string): Result<ParsedFile> {
  const counter = new LineCounter()
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: false })
  const yamlError = doc.errors[0]
  if (yamlError) {
    const line = counter.linePos(yamlError.pos[0]).line
    return malformed(file, line, yamlError.message.split('\n')[0] || said('kcfg.what.invalidYaml'))
  }
  if (doc.contents === null) {
    return ok({ clusters: [], users: [], contexts: [], currentContext: null })
  }
  if (!isMap(doc.contents)) return malformed(file, 1, said('kcfg.what.topNotMapping'))
  const dir = path.dirname(path.resolve(file))
  const out: ParsedFile = { clusters: [], users: [], contexts: [], currentContext: null }
  for (const [section, inner] of [
    ['clusters', 'cluster'],
    ['users', 'user'],
    ['contexts', 'context'],
  ] as const) {
    const seq = doc.contents.get(section, true) as Node | undefined
    if (seq === undefined || seq === null || (seq as { value?: unknown }).value === null) continue
    if (!isSeq(seq))
      return malformed(file, lineOf(seq, counter), said('kcfg.what.notList', { section }))
    for (const item of seq.items as Node[]) {
      const value = (item as { toJSON(): unknown }).toJSON() as unknown
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return malformed(
          file,
          lineOf(item, counter),
          said('kcfg.what.entryNotMapping', { section }),
        )
      }
      const entry = value as Json
      if (typeof entry.name !== 'string' || entry.name === '') {
        return malformed(file, lineOf(item, counter), said('kcfg.what.noName', { section }))
      }
      const body = entry[inner]
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        return malformed(
          file,
          lineOf(item, counter),
          said('kcfg.what.noBody', { section, name: entry.name, inner }),
        )
      }
      const resolved = inner === 'context' ? (body as Json) : resolvePaths(body as Json, inner, dir)
      const list =
        section === 'clusters' ? out.clusters : section === 'users' ? out.users : out.contexts
      list.push({ name: entry.name, body: resolved, file })
    }
  }
  const current = doc.contents.get('current-context')
  if (typeof current === 'string' && current !== '') out.currentContext = current
  return ok(out)
}

export function mergeKubeconfigs(
  parsed: ParsedFile[],
  files: string[],
  warnings: string[],
  warningsSaid: SaidAs[] = [],
): MergedKubeconfig {
  const merged: MergedKubeconfig = {
    files,
    clusters: new Map(),
    users: new Map(),
    contexts: new Map(),
    currentContext: null,
    warnings,
    warningsSaid,
  }
  for (const p of parsed) {
    for (const [list, map] of [
      [p.clusters, merged.clusters],
      [p.users, merged.users],
      [p.contexts, merged.contexts],
    ] as const) {
      for (const entry of list) {
        const first = map.get(entry.name)
        if (first) {
          if (first.file !== entry.file) {
            const shadowed = said('kcfg.warn.shadowed', {
              name: entry.name,
              file: entry.file,
              first: first.file,
            })
            warnings.push(shadowed.text)
            warningsSaid.push(shadowed.as)
          }
          continue
        }
        map.set(entry.name, entry)
      }
    }
    merged.currentContext ??= p.currentContext
  }
  return merged
}

export function loadKubeconfig(
  env: NodeJS.ProcessEnv = process.env,
  home: string = os.homedir(),
): Result<MergedKubeconfig> {
  const { paths, fromEnv } = kubeconfigPaths(env, home)
  const parsed: ParsedFile[] = []
  const found: string[] = []
  const warnings: string[] = []
  const warningsSaid: SaidAs[] = []
  const warn = (w: Said) => {
    warnings.push(w.text)
    warningsSaid.push(w.as)
  }
  for (const file of paths) {
    let text: string
    try {
      text = fs.readFileSync(file, 'utf8')
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT') {
        if (fromEnv) warn(said('kcfg.warn.missing', { file }))
        continue
      }
      return fail(
        saidError(
          'kubeconfig-malformed',
          said('kcfg.unopenable.title'),
          said('kcfg.at', { file, what: (error as Error).message }),
          said('kcfg.unopenable.next', { file }),
        ),
      )
    }
    const result = parseKubeconfigText(text, file)
    if (!result.ok) return result
    parsed.push(result.value)
    found.push(file)
  }
  if (found.length === 0) {
    return fail(
      saidError(
        'no-kubeconfig',
        said('kcfg.none.title'),
        fromEnv
          ? said('kcfg.none.fromEnv', { files: paths.join(', ') })
          : said('kcfg.none.noFile', { file: paths[0] ?? '' }),
        said('kcfg.none.next'),
      ),
    )
  }
  return ok(mergeKubeconfigs(parsed, found, warnings, warningsSaid))
}

export function authKindOf(user: Json | undefined): AuthKind {
  if (!user) return 'none'
  if (user.exec) return 'exec'
  if (user['auth-provider']) return 'auth-provider'
  if (user['client-certificate'] || user['client-certificate-data']) return 'client-certificate'
  if (user.token) return 'token'
  if (user.tokenFile) return 'token-file'
  if (user.username) return 'basic'
  return 'none'
}

/** minikube's context when it is current (or the only one), otherwise the kubeconfig's current-context. */
export function defaultContextOf(merged: MergedKubeconfig): string | null {
  const current = merged.currentContext
  if (current && merged.contexts.has(current)) return current
  if (merged.contexts.has('minikube')) return 'minikube'
  const first = merged.contexts.keys().next()
  return first.done ? null : first.value
}

export function summarize(merged: MergedKubeconfig): KubeconfigSummary {
  const contexts: ContextSummary[] = []
  for (const entry of merged.contexts.values()) {
    const clusterName = String(entry.body.cluster ?? '')
    const userName = String(entry.body.user ?? '')
    const cluster = merged.clusters.get(clusterName)?.body
    const user = merged.users.get(userName)?.body
    const exec = user?.exec as Json | undefined
    contexts.push({
      name: entry.name,
      cluster: clusterName,
      user: userName,
      namespace: typeof entry.body.namespace === 'string' ? entry.body.namespace : 'default',
      server: typeof cluster?.server === 'string' ? cluster.server : '',
      authKind: authKindOf(user),
      ...(typeof exec?.command === 'string' ? { execCommand: exec.command } : {}),
      file: entry.file,
    })
  }
  return {
    files: merged.files,
    contexts,
    currentContext: merged.currentContext,
    defaultContext: defaultContextOf(merged),
    warnings: merged.warnings,
    ...(merged.warningsSaid?.length ? { warningsSaid: merged.warningsSaid } : {}),
  }
}
