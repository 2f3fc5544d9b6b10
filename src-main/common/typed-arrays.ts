// Growing typed-array columns (the event store in the core, the timeline in the renderer).

export type NumericArray = Uint8Array | Uint16Array | Int32Array | Float64Array

/** A copy of `a` with room for `capacity` elements, keeping its first `used`. */
export function grown<A extends NumericArray>(a: A, capacity: number, used = a.length): A {
  const next = new (a.constructor as new (n: number) => A)(capacity)
  next.set(a.subarray(0, used))
  return next
}
