import type { SaidAs, UiError } from './result'
import type { ServerWarning } from './server-warnings'

// Shapes of what the core tells the renderer about a cluster. Plain data, no credentials: the
// renderer sees names of contexts and users, never tokens, keys or certificates.

export type AuthKind =
  'client-certificate' | 'token' | 'token-file' | 'exec' | 'auth-provider' | 'basic' | 'none'

export interface ContextSummary {
  name: string
  cluster: string
  user: string
  namespace: string
  server: string
  authKind: AuthKind
  /** The exec plugin's command, when the user authenticates through one. */
  execCommand?: string
  /** Which kubeconfig file defined this context. */
  file: string
}

export interface KubeconfigSummary {
  files: string[]
  contexts: ContextSummary[]
  /** current-context as the kubeconfig names it, if any. */
  currentContext: string | null
  /** The context Apiscope opens: minikube's when it is current, else current-context. */
  defaultContext: string | null
  /** Non-fatal findings: a file listed in KUBECONFIG that does not exist, a duplicate name. */
  warnings: string[]
  /** The same findings as catalogue messages (i18n/), in order, said in the person's language. */
  warningsSaid?: SaidAs[]
}

export interface ServerVersion {
  major: string
  minor: string
  gitVersion: string
  gitCommit: string
  buildDate: string
  goVersion: string
  platform: string
}

export interface SessionInfo {
  context: string
  server: string
  namespace: string
  version: ServerVersion
  connectedAt: string
}

export type SessionState =
  | { status: 'idle' }
  | { status: 'connecting'; context: string }
  | { status: 'connected'; info: SessionInfo }
  | { status: 'failed'; context: string; error: UiError }

export interface Identity {
  username: string
  /** A placeholder username (`(unknown)`) as a catalogue message; absent for a real name. */
  usernameSaid?: SaidAs
  uid?: string
  groups: string[]
  extra: Record<string, string[]>
  /**
   * 'server': the API server said so (SelfSubjectReview, 1.26+).
   * 'derived': Apiscope read it from the credential (certificate subject, token claims) because the
   * server does not serve SelfSubjectReview; the server may map it differently.
   */
  source: 'server' | 'derived'
  /** How it was found, e.g. "SelfSubjectReview authentication.k8s.io/v1". */
  method: string
  /** The method as a catalogue message (i18n/), when it is Apiscope's words. */
  methodSaid?: SaidAs
  /** The kubectl command that asks the server the same (`kubectl auth whoami`), where one does. */
  command?: string
  notes: string[]
  /** The same notes as catalogue messages (i18n/), in order, said in the person's language. */
  notesSaid?: SaidAs[]
}

export interface ResourceRule {
  verbs: string[]
  apiGroups: string[]
  resources: string[]
  resourceNames: string[]
}

export interface NonResourceRule {
  verbs: string[]
  nonResourceURLs: string[]
}

export interface AccessRules {
  namespace: string
  resourceRules: ResourceRule[]
  nonResourceRules: NonResourceRule[]
  incomplete: boolean
  evaluationError?: string
}

export interface HealthCheck {
  name: string
  ok: boolean
  /** The server's words after the name, e.g. "ok" or "failed: reason withheld". */
  message: string
}

export interface HealthEndpoint {
  path: string
  httpStatus: number
  passed: boolean
  checks: HealthCheck[]
  /** The last line, e.g. "readyz check passed". */
  summary: string
  /** Set when the endpoint could not be read (e.g. 403 for this identity). */
  error?: string
}

export interface HealthReport {
  version: ServerVersion | null
  livez: HealthEndpoint
  readyz: HealthEndpoint
  checkedAt: string
}

export interface DiscoveredResource {
  group: string
  version: string
  name: string
  kind: string
  namespaced: boolean
  verbs: string[]
  shortNames: string[]
  categories: string[]
  subresources: string[]
  /**
   * The version kubectl lists this resource at (client-go's ServerPreferredResources): the group's
   * preferred version, else the first of its versions in the server's order (newest first) that
   * serves it. One per group.
   */
  preferred: boolean
  /** The path `kubectl get --raw` takes to list it (cluster-wide for namespaced resources). */
  rawPath: string
}

export interface DiscoveredGroup {
  /** '' for the core group. */
  name: string
  versions: string[]
  preferredVersion: string
  /** Resources of the group, each once at its preferred version (what `kubectl api-resources` counts). */
  resourceCount: number
}

export interface ApiServiceSummary {
  name: string
  group: string
  version: string
  /** 'Local', or namespace/name of the Service that serves it. */
  service: string
  available: boolean | null
  availableReason: string
  availableMessage: string
}

export interface DiscoveryReport {
  /** 'aggregated' when /api and /apis answered with APIGroupDiscoveryList (1.26+ servers). */
  mode: 'aggregated' | 'legacy'
  groups: DiscoveredGroup[]
  resources: DiscoveredResource[]
  apiServices: ApiServiceSummary[]
  /** Why APIServices are missing, when the identity may not list them. */
  apiServicesError?: string
  /** Group versions that failed to answer (an unavailable aggregated API, say). */
  failedGroupVersions: { groupVersion: string; error: string }[]
  /**
   * How /api and /apis answered this time: 200 with the document (and its ETag, which aggregated
   * discovery sends), or 304 Not Modified when the ETag of the last read still held.
   */
  documents?: { path: string; status: number; etag?: string }[]
  requestCount: number
  fetchedAt: string
}

export interface RequestLogEntry {
  seq: number
  context: string
  method: string
  /** Full URL including query, never credentials. */
  url: string
  status: number | null
  statusText: string
  ms: number
  startedAt: string
  /** Transport failure (no HTTP status), in one line. */
  error?: string
  /** The error as a message when it is Apiscope's sentence (a refused connection upgrade). */
  errorSaid?: SaidAs
  /** The answer's Warning headers (unknown fields, deprecated APIs, policies), redacted. */
  warnings?: ServerWarning[]
  /** The same request with curl, credentials elided into shell variables. */
  curl: string
  /** The nearest kubectl command, e.g. `kubectl get --raw '/apis'`. */
  kubectl: string
  /**
   * Set on a request another client sent through Apiscope's kubectl proxy (#17): the client named
   * from its User-Agent ("kubectl/v1.37.2") and kubectl's Kubectl-Command header ("kubectl get").
   */
  relayed?: { client: string; command?: string }
  /**
   * A 429's Audit-Id and the UIDs of the FlowSchema and priority level API Priority and Fairness
   * named in X-Kubernetes-PF-FlowSchema-UID and -PriorityLevel-UID: live traffic, which sees the
   * same request as an audit event (where the FlowSchema is not said), names them from these.
   */
  apf?: { auditId?: string; flowSchemaUid?: string; priorityLevelUid?: string }
}
