// The latest-requests list held still while a person is on it (pointing at it, or the keyboard's
// focus in it): the ring of recent requests goes on taking arrivals, the list keeps showing the
// ring as it was when the hold began, and counts what arrived since. Pure: no runes, no DOM.

/**
 * The recent requests, oldest first, and how many the ring has taken in all: `taken` never goes
 * back (a clear keeps it), so it says which of the ring's requests came after a hold began.
 */
export interface Ring<T> {
  readonly requests: readonly T[]
  readonly taken: number
}

/**
 * The ring after `arrived` joined it (with `idOf`, those it already holds left out). Over `kept`,
 * the oldest go, held or not: a hold longer than `kept` arrivals (minutes on a busy cluster) loses
 * the oldest of those waiting, as the live list would have, and keeps the rows on screen (the hold
 * has its own reference to them).
 */
export function take<T>(
  ring: Ring<T>,
  arrived: readonly T[],
  kept: number,
  idOf?: (r: T) => string,
): Ring<T> {
  if (idOf) arrived = unseen(ring.requests, arrived, idOf)
  if (arrived.length === 0) return ring
  const next = ring.requests.concat(arrived)
  return {
    requests: next.length > kept ? next.slice(-kept) : next,
    taken: ring.taken + arrived.length,
  }
}

/**
 * The arrivals whose id is not in the ring yet, each once: the core's recent list (read as a view
 * opens) and its next push could both carry a request that arrived between them, and a list keyed by
 * id must not show it twice.
 */
function unseen<T>(requests: readonly T[], arrived: readonly T[], idOf: (r: T) => string): T[] {
  const seen = new Set(requests.map(idOf))
  return arrived.filter((r) => {
    const id = idOf(r)
    if (seen.has(id)) return false
    seen.add(id)
    return true
  })
}

/** The ring a clear leaves: no request, the count kept (a hold compares counts). */
export function emptied<T>(ring: Ring<T>): Ring<T> {
  return { requests: [], taken: ring.taken }
}

/** A hold: the ring as it was when it began (its array is never changed in place, only replaced). */
export interface ListHold<T> extends Ring<T> {
  /** Requests waited during this hold and the person showed them: the note stays (told once). */
  readonly shown: boolean
}

/** The person came on the list. */
export function holdOn<T>(ring: Ring<T>): ListHold<T> {
  return { ...ring, shown: false }
}

/** The person asked for the waiting requests ("N new"): the list holds again from here. */
export function showWaiting<T>(hold: ListHold<T>, ring: Ring<T>, waiting: number): ListHold<T> {
  return { ...ring, shown: hold.shown || waiting > 0 }
}

/** The list was cleared under the person: the rows go, the hold goes on from the empty ring. */
export function clearedUnder<T>(hold: ListHold<T>, ring: Ring<T>): ListHold<T> {
  return { ...ring, shown: hold.shown }
}

/** What the list shows, oldest first, and how many of the requests that wait above it pass `keep`. */
export interface Listed<T> {
  rows: T[]
  waiting: number
  /**
   * Whether a screen reader is told that requests wait: from the first of them to the hold's end,
   * one text that does not change with the count (the count is the button's name), so it is said
   * once a hold however busy the cluster.
   */
  told: boolean
}

/**
 * The list's rows: the ring's that pass the filter, or, held, the held ring's that pass it now (a
 * filter changed during the hold applies to both the rows and the count); the requests waiting
 * are those the ring took after the hold began and still keeps.
 */
export function listedRows<T>(
  ring: Ring<T>,
  hold: ListHold<T> | null,
  keep: (r: T) => boolean,
): Listed<T> {
  if (!hold) return { rows: ring.requests.filter(keep), waiting: 0, told: false }
  const after = Math.min(ring.requests.length, ring.taken - hold.taken)
  let waiting = 0
  for (let i = ring.requests.length - after; i < ring.requests.length; i++) {
    if (keep(ring.requests[i] as T)) waiting++
  }
  return { rows: hold.requests.filter(keep), waiting, told: hold.shown || waiting > 0 }
}
