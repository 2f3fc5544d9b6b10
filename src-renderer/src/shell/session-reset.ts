// The one way renderer state starts over. Every state of a world that holds something of one
// session (the overview, the timeline, the lab's results, the traffic rows, ownership, the
// walkthroughs' run and plan, the rollout trace) registers what it forgets here; the world runs
// them all from one place (WorldState.startOver) when a new session begins: a connect, a session
// the core reports with a new connectedAt, or a replay going back to its start.

/**
 * - `connect`: the person connects (the live world, before the new session answers)
 * - `session`: the core reports a session this world did not start over for (a new connectedAt)
 * - `replay-restart`: a replay seeks back; its events come again from the start
 */
export type StartOverReason = 'connect' | 'session' | 'replay-restart'

export type StartOver = (why: StartOverReason) => void

export class SessionResets {
  readonly #resets: { name: string; reset: StartOver }[] = []

  /** `name` says whose state it is, for a failing reset's message. */
  register(name: string, reset: StartOver): void {
    this.#resets.push({ name, reset })
  }

  /** Runs every registered reset, in the order they registered; one that throws stops none. */
  run(why: StartOverReason): void {
    const failed: string[] = []
    for (const { name, reset } of this.#resets) {
      try {
        reset(why)
      } catch (error) {
        failed.push(`${name}: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    if (failed.length) throw new Error(`Some states did not start over: ${failed.join('; ')}`)
  }

  get names(): string[] {
    return this.#resets.map((r) => r.name)
  }
}
