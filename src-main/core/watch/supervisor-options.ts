// What a WatchSupervisor is tuned by: page sizes, the watch request's timeout and the stall
// watchdog's grace, the backoff, how often a page is asked again, and the clock.
import type { Clock } from '@common/clock'
import { DEFAULT_BACKOFF, type BackoffOptions } from './backoff'

export interface SupervisorOptions {
  /**
   * The list's limit when the watch names none: 0, no limit (firstPageSize then says how the list
   * starts). Above 0, the first page's limit, and a large list's next pages ask for more
   * (nextLimit), up to maxPageSize (tests use it to see pages).
   */
  pageSize: number
  maxPageSize: number
  /**
   * With pageSize 0: the first request's limit, and every object left in the next one, with no
   * limit (0, the default: every object in one request). For a server that prepares a whole list
   * before its first byte but a small page at once; 1.37 does not (docs/bench.md).
   */
  firstPageSize?: number
  /** Picks each watch request's timeoutSeconds (client-go: between 5 and 10 minutes). */
  timeoutSeconds: () => number
  /** Silence tolerated past timeoutSeconds before the watchdog restarts the watch. */
  stallGraceMs: number
  backoff: BackoffOptions
  /**
   * Names the FlowSchema and priority level behind a 429's X-Kubernetes-PF-FlowSchema-UID and
   * -PriorityLevel-UID headers; without it the status keeps the UIDs.
   */
  flowNames?: FlowNames
  /**
   * How many times in a row a list page that brought nothing is asked again after a lost
   * connection (a page cut after some items goes on after them, and does not count), and a page
   * answered 5xx is asked again before the list starts over (page-retry.ts).
   */
  pageRetries?: number
  /** A list answer silent this long is cut, and the list goes on after its last item (60 s). */
  listSilenceMs?: number
  /**
   * Backoff waits, the stall watchdog, the times in statuses and lists, and the frames' pace
   * (real by default).
   */
  clock?: Clock
}

export type FlowNames = (
  flowSchemaUid: string | undefined,
  priorityLevelUid: string | undefined,
) => Promise<{ flowSchema: string | null; priorityLevel: string | null }>

export const DEFAULT_SUPERVISOR_OPTIONS: SupervisorOptions = {
  pageSize: 0,
  // Every object in one request: a first page of 500 brought the first object no sooner beyond
  // the noise (kube-apiserver 1.37 gathers every item of its snapshot for a page too, ADR 0006)
  // and every object later (docs/bench.md, 2026-12-05 "the first draw").
  firstPageSize: 0,
  maxPageSize: 50_000,
  timeoutSeconds: () => 300 + Math.floor(Math.random() * 300),
  stallGraceMs: 30_000,
  backoff: DEFAULT_BACKOFF,
  pageRetries: 3,
}
