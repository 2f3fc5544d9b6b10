// The session (the core's own messages, a feature like the others since #13): the kubeconfig's
// contexts, connecting to one, who the server says we are, access rules, health, discovery and
// the request log. contract.ts and bridge-types.ts compose every feature's messages.
import { z } from 'zod'
import type {
  AccessRules,
  DiscoveryReport,
  HealthReport,
  Identity,
  KubeconfigSummary,
  RequestLogEntry,
  SessionInfo,
  SessionState,
} from '@common/kube-types'

const empty = z.object({}).strict()

const k8sName = z.string().min(1).max(253)

export const sessionSchemas = {
  'kube:contexts': empty,
  'kube:connect': z.object({ context: k8sName.optional() }).strict(),
  'kube:identity': empty,
  'kube:access-rules': z.object({ namespace: k8sName }).strict(),
  'kube:health': empty,
  'kube:discovery': z.object({ refresh: z.boolean().optional() }).strict(),
  'kube:request-log': empty,
} satisfies Record<string, z.ZodType>

export interface SessionAnswers {
  'kube:contexts': KubeconfigSummary
  'kube:connect': SessionInfo
  'kube:identity': Identity
  'kube:access-rules': AccessRules
  'kube:health': HealthReport
  'kube:discovery': DiscoveryReport
  'kube:request-log': RequestLogEntry[]
}

export const sessionMethods = {
  'kube:contexts': 'listContexts',
  'kube:connect': 'connect',
  'kube:identity': 'identity',
  'kube:access-rules': 'accessRules',
  'kube:health': 'health',
  'kube:discovery': 'discovery',
  'kube:request-log': 'requestLog',
} as const satisfies Record<keyof typeof sessionSchemas, string>

/** Messages this feature pushes to the renderer. */
export interface SessionEvents {
  'kube:session': SessionState
  'kube:request-logged': RequestLogEntry
}

export const sessionEventMethods = {
  'kube:session': 'onSession',
  'kube:request-logged': 'onRequestLogged',
} as const satisfies Record<keyof SessionEvents, string>
