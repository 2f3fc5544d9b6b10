// The curl and kubectl commands that send what the lab sent, as the identity it chose. Credentials
// stay shell variables ($TOKEN, $CA, $CERT, $KEY); kubectl is given as the everyday command a
// learner would type (get, create, patch...), with a note where kubectl cannot send the same thing.
import { curlEquivalent } from '@common/command-equivalents'
import type { AuthKind } from '@common/kube-types'
import type { LabIdentityKind, LabRequestSpec } from '@common/messages/lab'

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
}

const q = (s: string): string =>
  /^[A-Za-z0-9_./:=,@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`

function authKindFor(identity: LabIdentityKind, kubeconfigAuth: AuthKind): AuthKind {
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
  if (i.spec.identity === 'kubeconfig') return `kubectl --context ${q(i.context)}`
  const tls = i.server.startsWith('https:')
    ? i.insecure
      ? ' --insecure-skip-tls-verify'
      : ' --certificate-authority "$CA"'
    : ''
  const token = i.spec.identity === 'anonymous' ? '' : ' --token "$TOKEN"'
  return `kubectl --kubeconfig /dev/null --server ${q(i.server)}${tls}${token}`
}

export function labKubectl(i: LabEquivalentInput): string {
  const { spec } = i
  const base = kubectlIdentity(i)
  const resource = spec.group ? `${spec.resource}.${spec.version}.${spec.group}` : spec.resource
  const ns = spec.namespace ? ` -n ${q(spec.namespace)}` : ''
  const name = spec.name ? ` ${q(spec.name)}` : ''
  const sub = spec.subresource ? ` --subresource=${spec.subresource}` : ''
  const selector = spec.labelSelector ? ` -l ${q(spec.labelSelector)}` : ''
  const dryRun = spec.dryRun ? ' --dry-run=server' : ''
  const manager = spec.fieldManager ? ` --field-manager=${q(spec.fieldManager)}` : ''
  const output = spec.asTable ? '' : ' -o yaml'
  const notes: string[] = []
  if (i.rightContentType && i.contentType !== i.rightContentType)
    notes.push(
      `kubectl always sends ${i.rightContentType}: only curl sends ${i.contentType ?? 'no Content-Type'}`,
    )
  if (spec.resourceVersion && (spec.verb === 'patch' || spec.verb === 'delete'))
    notes.push(`the resourceVersion precondition ${spec.resourceVersion} is in the body`)
  let command: string
  switch (spec.verb) {
    case 'get':
      command = `${base} get ${resource}${name}${ns}${sub}${output}`
      break
    case 'list':
      command = `${base} get ${resource}${ns}${selector}${output}`
      break
    case 'watch':
      command = `${base} get ${resource}${name}${ns}${selector} --watch --output-watch-events${output}`
      break
    case 'create':
      command = spec.subresource
        ? `${base} create --raw ${q(new URL(i.url).pathname)} -f body.json`
        : `${base} create -f body.yaml${ns}${dryRun}${manager}`
      break
    case 'update':
      command = `${base} replace -f body.yaml${ns}${sub}${dryRun}${manager}`
      break
    case 'patch':
      command =
        spec.patchType === 'apply'
          ? `${base} apply --server-side${spec.force ? ' --force-conflicts' : ''} -f body.yaml${ns}${dryRun}${manager}`
          : `${base} patch ${resource}${name}${ns}${sub} --type ${spec.patchType ?? 'merge'} -p "$(cat body.json)"${dryRun}${manager}`
      break
    case 'delete':
      command = `${base} delete ${resource}${name}${ns}${dryRun}`
      break
    case 'deletecollection':
      command = `${base} delete ${resource} --all${ns}${selector}${dryRun}`
      notes.push(
        'kubectl lists, then sends one DELETE per object; only curl sends one DELETE on the collection',
      )
      break
  }
  return notes.length ? `${command}  # ${notes.join('; ')}` : command
}
