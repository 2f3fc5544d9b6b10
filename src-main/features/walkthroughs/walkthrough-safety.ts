// The walkthroughs' safety rules, pure: does a context look like a local cluster, and does a write
// stay inside the walkthrough's own namespace. The runner refuses what these refuse.
import { said, type Said } from '@i18n/translate'

export interface LocalVerdict {
  local: boolean
  /** Why, in one sentence a trainer can read: its English, and its key for the person's language. */
  reason: Said
}

const LOCAL_CONTEXT_NAMES = [
  /^minikube$/,
  /^kind-/,
  /^docker-desktop$/,
  /^docker-for-desktop$/,
  /^rancher-desktop$/,
  /^k3d-/,
  /^orbstack$/,
  /^colima/,
]

function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase()
  return (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    h === '::1' ||
    /^127\.\d+\.\d+\.\d+$/.test(h) ||
    h === 'host.docker.internal' ||
    h === 'kubernetes.docker.internal'
  )
}

/** minikube, kind, docker-desktop and friends by context name, or any loopback server address. */
export function looksLocal(context: string, server: string): LocalVerdict {
  let host = ''
  try {
    host = new URL(server).hostname
  } catch {
    // an unparsable server is not local
  }
  if (host && isLoopbackHost(host))
    return { local: true, reason: said('walk.safety.loopback', { host }) }
  if (LOCAL_CONTEXT_NAMES.some((re) => re.test(context)))
    return { local: true, reason: said('walk.safety.localTool', { context }) }
  return {
    local: false,
    reason: said('walk.safety.notLocal', { context, host: host || server }),
  }
}

const NAMESPACED_PATH = /^\/(?:api\/v1|apis\/[^/]+\/[^/]+)\/namespaces\/([^/?]+)(\/|$)/

/**
 * The cluster-scoped objects a walkthrough may write: admission policies and their bindings, which
 * exist only at cluster scope. Each must be named after the walkthrough's namespace
 * (`<ns>-...`), so that it can be told from anyone else's and deleted at the end (the runner does,
 * and its owner reference to the namespace lets the garbage collector do it after a crash).
 */
const LAB_CLUSTER_OBJECT =
  /^\/apis\/admissionregistration\.k8s\.io\/[^/]+\/(?:validating|mutating)admissionpolic(?:ies|ybindings)(?:\/([^/?]+))?$/

/** The path of the cluster-scoped object this write touches, when a walkthrough may write it. */
export function labClusterObject(
  path: string,
  namespace: string,
  /** The name in the body, for a POST (whose path names no object). */
  bodyName?: string,
): string | null {
  const match = LAB_CLUSTER_OBJECT.exec(path)
  if (!match) return null
  const name = match[1] !== undefined ? decodeURIComponent(match[1]) : bodyName
  if (!name?.startsWith(`${namespace}-`)) return null
  return match[1] !== undefined ? path : `${path}/${encodeURIComponent(name)}`
}

/**
 * Writes go only inside the walkthrough's namespace, or to an admission policy or binding named
 * after it (labClusterObject). A write to the namespace object itself (`/api/v1/namespaces/<ns>`)
 * is the runner's own creation and deletion, not a step's.
 */
export function writeIsConfined(
  method: string,
  path: string,
  namespace: string,
  bodyName?: string,
): boolean {
  if (method === 'GET') return true
  if (labClusterObject(path, namespace, bodyName)) return true
  const match = NAMESPACED_PATH.exec(path)
  if (!match || match[1] !== namespace) return false
  // /api/v1/namespaces/<ns> alone (no resource after it) would touch the namespace itself.
  return path.slice(match[0].length).length > 0
}

/** `apiscope-lab-` and six hex digits: short enough to read aloud, unique enough for a class. */
export function labNamespaceName(random: () => number = Math.random): string {
  const id = Math.floor(random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')
  return `apiscope-lab-${id}`
}

export const LAB_LABEL = 'apiscope.io/walkthrough'
export const MANAGED_BY = 'app.kubernetes.io/managed-by'
