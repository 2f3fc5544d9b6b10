// Retry delays like client-go's reflector: about 0.8 s, doubling to 30 s, with jitter, and back to
// the start once a watch has stayed healthy for a while.

export interface BackoffOptions {
  initialMs: number
  maxMs: number
  /** A watch healthy for this long resets the delay. */
  resetAfterMs: number
  /** 0.2 spreads each delay over [d, 1.2 d]. */
  jitter: number
}

export const DEFAULT_BACKOFF: BackoffOptions = {
  initialMs: 800,
  maxMs: 30_000,
  resetAfterMs: 120_000,
  jitter: 0.2,
}

export class Backoff {
  private failures = 0

  constructor(
    private readonly options: BackoffOptions = DEFAULT_BACKOFF,
    private readonly random: () => number = Math.random,
  ) {}

  next(): number {
    const base = Math.min(this.options.maxMs, this.options.initialMs * 2 ** this.failures)
    this.failures++
    return Math.round(base * (1 + this.options.jitter * this.random()))
  }

  /** Called when a watch ends: a long healthy run resets the delay. */
  healthyFor(ms: number): void {
    if (ms >= this.options.resetAfterMs) this.failures = 0
  }

  reset(): void {
    this.failures = 0
  }
}
