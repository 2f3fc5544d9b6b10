// The kubectl proxy (#17): a loopback HTTPS listener kubectl is pointed at through a kubeconfig
// Apiscope writes, relaying each request to the connected context's API server and showing it.
// Each message: its payload schema (the renderer is untrusted), its answer type and the method name
// the renderer calls. contract.ts and bridge-types.ts compose every feature's messages.
import { z } from 'zod'
import type { Said } from '@i18n/translate'

export interface KubectlProxyStatus {
  state: 'stopped' | 'running'
  /** The context the proxy relays to (its credentials stay in the core). */
  context?: string
  /** https://127.0.0.1:PORT */
  address?: string
  /** The kubeconfig Apiscope wrote for kubectl (mode 0600, removed when the proxy stops). */
  kubeconfigPath?: string
  /** The one line to paste in a terminal: `export KUBECONFIG=...` (PowerShell's form on Windows). */
  line?: string
  /** The same for one command: `kubectl --kubeconfig ...`. */
  flagLine?: string
  startedAt?: string
  /** Requests relayed, and requests refused (no proxy credential, or a connection upgrade). */
  relayed: number
  refused: number
  /** Why the proxy stopped by itself (the session ended), when it did. */
  note?: string
  /** The note by key, for the renderer to say in the person's language. */
  noteSaid?: Said['as']
}

/** A body as the detail shows it: text already redacted, or a note saying why it is not shown. */
export interface RelayedBody {
  contentType: string
  /** Bytes that crossed the proxy (decoded size is not known for a gzipped body cut short). */
  bytes: number
  /** Decoded text kept, redacted; empty when `note` says why nothing is shown. */
  text: string
  /** Only the first part of the body is kept (a long watch, a big list). */
  truncated: boolean
  gzip: boolean
  note?: string
  /** The note by key, for the renderer to say in the person's language. */
  noteSaid?: Said['as']
}

/** One relayed request as `kubectl -v=8` shows it: headers and bodies, redacted. */
export interface RelayedExchangeDetail {
  seq: number
  /** From the User-Agent: "kubectl/v1.37.2". */
  client: string
  userAgent: string
  /** kubectl's own Kubectl-Command header (1.30+): "kubectl get". */
  command?: string
  method: string
  url: string
  requestHeaders: [string, string][]
  requestBody?: RelayedBody
  status?: number
  statusText?: string
  responseHeaders?: [string, string][]
  responseBody?: RelayedBody
  /** open: the answer is still streaming (a watch); cut: a side closed it before its end. */
  state: 'open' | 'done' | 'cut' | 'failed'
  /** Why it failed: the network's or the transport's own text, or Apiscope's (then errorSaid). */
  error?: string
  errorSaid?: Said['as']
  /** JSON Pointers of what redaction replaced, per body ("/request..." or "/response..."). */
  redacted: string[]
}

export const kubectlProxySchemas = {
  'proxy:status': z.object({}).strict(),
  'proxy:start': z.object({}).strict(),
  'proxy:stop': z.object({}).strict(),
  'proxy:detail': z.object({ seq: z.number().int().positive() }).strict(),
} satisfies Record<string, z.ZodType>

export interface KubectlProxyAnswers {
  'proxy:status': KubectlProxyStatus
  'proxy:start': KubectlProxyStatus
  'proxy:stop': KubectlProxyStatus
  'proxy:detail': RelayedExchangeDetail
}

export const kubectlProxyMethods = {
  'proxy:status': 'kubectlProxyStatus',
  'proxy:start': 'kubectlProxyStart',
  'proxy:stop': 'kubectlProxyStop',
  'proxy:detail': 'kubectlProxyDetail',
} as const satisfies Record<keyof typeof kubectlProxySchemas, string>

/** Messages this feature pushes to the renderer. */
export interface KubectlProxyEvents {
  'proxy:status': KubectlProxyStatus
}

export const kubectlProxyEventMethods = {
  'proxy:status': 'onKubectlProxyStatus',
} as const satisfies Record<keyof KubectlProxyEvents, string>
