// Growing typed-array columns (the event store in the core, the timeline in the renderer).

export type NumericArray = Uint8Array | Uint16Array | Int32Array | Float64Array

/** A copy of `a` with room for `capacity` elements, keeping its first `used`. */
export function grown<A extends NumericArray>(a: A, capacity: number, used = a.length): A {
  const next = new (a.constructor as new (n: number) => A)(capacity)
  next.set(a.subarray(0, used))
  return next
}

/**
 * The next capacity of a growing column: half as much again (doubling left up to half of a large
 * store's columns empty: 150,000 objects in room for 262,144).
 */
export function nextCapacity(capacity: number): number {
  return Math.ceil(capacity * 1.5)
}
