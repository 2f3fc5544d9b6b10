// The curl and kubectl commands that send what the lab sent, as the identity it chose. Credentials
// stay shell variables ($TOKEN, $CA, $CERT, $KEY); kubectl is given as the everyday command a
// learner would type (get, create, patch...) in the kubectl of the connected server's release,
// with a note where it differs from what was sent, and a comment line when no kubectl sends it.
import { parse as parseYaml } from 'yaml'
import {
  curlEquivalent,
  kubectlBase,
  kubectlRaw,
  quoteIfNeeded as q,
} from '@common/command-equivalents'
import type { AuthKind } from '@common/kube-types'
import { kubectlLineText, type KubectlLineSaid } from '@common/kubectl-line'
import {
  KUBECTL_SINCE,
  kubectlHas,
  releaseName,
  type KubectlFeature,
  type KubeRelease,
} from '@common/kubectl-releases'
import type { LabRequestSpec } from '@features/lab/messages'
import { commandIdentityOf, type RequestIdentity } from '@common/request-identities'
import { said, translate, type MessageKey, type Said } from '@i18n/translate'

export interface LabEquivalentInput {
  spec: LabRequestSpec
  method: string
  url: string
  context: string
  server: string
  insecure: boolean
  /** The kubeconfig user's kind of credential, for the kubeconfig identity. */
  kubeconfigAuth: AuthKind
  contentType?: string
  accept: string
  hasBody: boolean
  /** The Content-Type the request should have had; differs when the user overrode it. */
  rightContentType?: string
  /** The connected server's release: the kubectl to write for (null: a current one). */
  release: KubeRelease | null
}

function authKindFor(identity: RequestIdentity, kubeconfigAuth: AuthKind): AuthKind {
  if (identity === 'kubeconfig') return kubeconfigAuth
  return identity === 'anonymous' ? 'none' : 'token'
}

export function labCurl(i: LabEquivalentInput): string {
  const curl = curlEquivalent({
    method: i.method,
    url: i.url,
    context: i.context,
    authKind: authKindFor(i.spec.identity, i.kubeconfigAuth),
    insecure: i.insecure,
    ...(i.contentType ? { contentType: i.contentType } : {}),
    accept: i.accept,
    hasBody: i.hasBody,
  })
  return i.spec.patchType === 'apply' && i.spec.verb === 'patch'
    ? curl.replace('@body.json', '@body.yaml')
    : curl
}

/** How kubectl sends as the identity: the context, or no kubeconfig at all plus a token. */
function kubectlIdentity(i: LabEquivalentInput): string {
  return kubectlBase({
    identity: commandIdentityOf(i.spec.identity),
    context: i.context,
    server: i.server,
    insecure: i.insecure,
  })
}

/** Path and query as sent, for `--raw`. */
function pathAndQuery(url: string): string {
  const u = new URL(url)
  return u.pathname + u.search
}

/** The replicas a scale patch sets, when the body is exactly {"spec": {"replicas": N}}. */
function scaleReplicas(body: string | undefined): number | null {
  if (!body) return null
  let value: unknown
  try {
    value = parseYaml(body) as unknown
  } catch {
    return null
  }
  const spec = (value as { spec?: unknown } | null)?.spec as { replicas?: unknown } | undefined
  const keys = value && typeof value === 'object' ? Object.keys(value) : []
  return keys.length === 1 &&
    spec &&
    Object.keys(spec).length === 1 &&
    Number.isInteger(spec.replicas)
    ? (spec.replicas as number)
    : null
}

/**
 * kubectl's --validate for create, replace and apply: kubectl 1.25+ sends fieldValidation=Strict
 * unless told, where the lab sends nothing (the server's default, Warn), so the flag is always
 * written. kubectl patch has none and sends nothing. Older releases' --validate is client-side.
 */
function validateFlag(spec: LabRequestSpec, release: KubeRelease | null, notes: Said[]): string {
  if (!['create', 'update', 'patch'].includes(spec.verb) || spec.subresource) return ''
  const level = spec.fieldValidation ?? 'Warn'
  if (spec.verb === 'patch' && spec.patchType !== 'apply') {
    if (level !== 'Warn') notes.push(said('lab.kc.patchNoValidate'))
    return ''
  }
  if (release && release.major === 1 && release.minor < 25) return ''
  return ` --validate=${level.toLowerCase()}`
}

/** What a release's kubectl lacks, as the parameters of the `lab.kc.missing*` messages. */
function missing(release: KubeRelease, feature: KubectlFeature) {
  return { release: releaseName(release), feature, since: KUBECTL_SINCE[feature].minor }
}

/** A comment line alone: no kubectl command sends this. */
const none = (why: Said): KubectlLineSaid => ({ command: '', notes: [why.as] })

/** The kubectl line, in English (a comment says where it differs from what was sent). */
export function labKubectl(i: LabEquivalentInput): string {
  return kubectlLineText(labKubectlSaid(i), (note) =>
    translate('en', note.key as MessageKey, ...([note.params ?? {}] as [never])),
  )
}

/** The same line as its command and the notes of its comment, as catalogue messages. */
export function labKubectlSaid(i: LabEquivalentInput): KubectlLineSaid {
  const { spec, release } = i
  const base = kubectlIdentity(i)
  const path = pathAndQuery(i.url)
  if (spec.rawPath !== undefined) {
    const raw = kubectlRaw(base, i.method, path)
    return raw ? { command: raw, notes: [] } : none(said('lab.kc.noRaw', { method: i.method }))
  }
  const resource = spec.group ? `${spec.resource}.${spec.version}.${spec.group}` : spec.resource
  const ns = spec.namespace ? ` -n ${q(spec.namespace)}` : ''
  const name = spec.name ? ` ${q(spec.name)}` : ''
  const sub = spec.subresource ? ` --subresource=${spec.subresource}` : ''
  const selector = spec.labelSelector ? ` -l ${q(spec.labelSelector)}` : ''
  const dryRun = spec.dryRun ? ' --dry-run=server' : ''
  const manager = spec.fieldManager ? ` --field-manager=${q(spec.fieldManager)}` : ''
  const output = spec.asTable ? '' : ' -o yaml'
  const notes: Said[] = []
  const validate = validateFlag(spec, release, notes)
  if (i.rightContentType && i.contentType !== i.rightContentType)
    notes.push(
      i.contentType
        ? said('lab.kc.contentType', { right: i.rightContentType, sent: i.contentType })
        : said('lab.kc.noContentType', { right: i.rightContentType }),
    )
  if (spec.resourceVersion && (spec.verb === 'patch' || spec.verb === 'delete'))
    notes.push(said('lab.kc.rvInBody', { rv: spec.resourceVersion }))
  /** A subresource where this release's kubectl has no --subresource flag. */
  const oldSub = spec.subresource && release && !kubectlHas(release, 'subresource')
  const withNotes = (command: string): KubectlLineSaid => ({
    command,
    notes: notes.map((note) => note.as),
  })
  let command: string
  switch (spec.verb) {
    case 'get':
      if (oldSub && release) {
        notes.unshift(said('lab.kc.rawGet', missing(release, 'subresource')))
        command = `${base} get --raw ${q(path)}`
      } else command = `${base} get ${resource}${name}${ns}${sub}${output}`
      break
    case 'list':
      command = `${base} get ${resource}${ns}${selector}${output}`
      break
    case 'watch':
      command = `${base} get ${resource}${name}${ns}${selector} --watch --output-watch-events${output}`
      break
    case 'create':
      if (spec.subresource === 'token' && spec.resource === 'serviceaccounts' && spec.name) {
        if (!release || kubectlHas(release, 'createToken')) {
          command = `${base} create token ${q(spec.name)}${ns}`
          notes.unshift(said('lab.kc.tokenSpec'))
        } else {
          command = `${base} create --raw ${q(path)} -f body.json`
          notes.unshift(said('lab.kc.missing', missing(release, 'createToken')))
        }
      } else
        command = spec.subresource
          ? `${base} create --raw ${q(path)} -f body.json`
          : `${base} create -f body.yaml${ns}${dryRun}${manager}${validate}`
      break
    case 'update':
      if (oldSub && release) {
        notes.unshift(said('lab.kc.rawPut', missing(release, 'subresource')))
        command = `${base} replace --raw ${q(path)} -f body.json`
      } else command = `${base} replace -f body.yaml${ns}${sub}${dryRun}${manager}${validate}`
      break
    case 'patch':
      if (spec.patchType === 'apply') {
        if (spec.subresource && release && !kubectlHas(release, 'applySubresource'))
          return none(said('lab.kc.noneMissing', missing(release, 'applySubresource')))
        command = `${base} apply --server-side${spec.force ? ' --force-conflicts' : ''} -f body.yaml${ns}${sub}${dryRun}${manager}${validate}`
      } else if (oldSub && release) {
        const replicas = spec.subresource === 'scale' ? scaleReplicas(spec.body) : null
        if (replicas === null || spec.patchType !== 'merge' || spec.dryRun || spec.fieldManager)
          return none(said('lab.kc.noneRawPatch', missing(release, 'subresource')))
        // kubectl scale (without --current-replicas) sends this very merge patch to /scale.
        command = `${base} scale ${resource}${name}${ns} --replicas=${replicas}`
        notes.unshift(said('lab.kc.scale', missing(release, 'subresource')))
      } else
        command = `${base} patch ${resource}${name}${ns}${sub} --type ${spec.patchType ?? 'merge'} -p "$(cat body.json)"${dryRun}${manager}`
      break
    case 'delete':
      command = `${base} delete ${resource}${name}${ns}${dryRun}`
      break
    case 'deletecollection':
      command = `${base} delete ${resource} --all${ns}${selector}${dryRun}`
      notes.push(said('lab.kc.deleteCollection'))
      break
  }
  return withNotes(command)
}
