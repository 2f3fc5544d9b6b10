// Sums up a Chromium performance trace of the page (scale-ui.ts, BENCH_SCALE_TRACE=DIR) for a
// reader without DevTools: the renderer main thread's tasks (wall and thread CPU time, the longest,
// those over 50 and 200 ms), its time by kind of work (script, style, layout, paint, GC: each
// event's own time, its children's taken out), and the JavaScript functions with the most samples.
// `npx tsx test/bench/trace-summary.ts FILE...`
import { readFileSync } from 'node:fs'

interface TraceEvent {
  name: string
  cat: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  id?: string
  args?: Record<string, unknown>
}

interface ProfileNode {
  id: number
  parent?: number
  callFrame: { functionName: string; url: string; lineNumber: number }
}

const ms = (us: number) => Math.round(us / 100) / 10

/** The page's main thread (the renderer main thread with the most events), its events in order. */
function mainThread(events: TraceEvent[]): { pid: number; on: TraceEvent[] } | null {
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  )
  const countOn = (pid: number, tid: number) =>
    events.reduce((n, e) => n + (e.pid === pid && e.tid === tid ? 1 : 0), 0)
  const main = mains
    .map((m) => ({ pid: m.pid, tid: m.tid, n: countOn(m.pid, m.tid) }))
    .sort((a, b) => b.n - a.n)[0]
  if (!main) return null
  const on = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  return { pid: main.pid, on }
}

/** Top-level tasks only (a RunTask holds another RunTask of a nested scheduler). */
function topTasks(on: TraceEvent[]): TraceEvent[] {
  const tasks: TraceEvent[] = []
  for (const e of on) {
    if (e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask') continue
    const last = tasks.at(-1)
    if (last && e.ts < last.ts + (last.dur ?? 0)) continue
    tasks.push(e)
  }
  return tasks
}

/**
 * The page's main thread in a trace (the 'toplevel' category is enough): its tasks' wall time
 * and thread CPU time, ms. On a shared machine the CPU time is the page's own work; the wall
 * holds the waits for a core.
 */
export function mainThreadTime(trace: Buffer | string): {
  wallMs: number
  cpuMs: number
  /** The most thread CPU time one task took: the page's own work in its longest stretch. */
  longestTaskCpuMs: number
} {
  const raw = JSON.parse(String(trace)) as TraceEvent[] | { traceEvents: TraceEvent[] }
  const main = mainThread(Array.isArray(raw) ? raw : raw.traceEvents)
  const tasks = main ? topTasks(main.on) : []
  return {
    wallMs: ms(tasks.reduce((s, t) => s + (t.dur ?? 0), 0)),
    cpuMs: ms(tasks.reduce((s, t) => s + (t.tdur ?? 0), 0)),
    longestTaskCpuMs: ms(tasks.reduce((m, t) => Math.max(m, t.tdur ?? 0), 0)),
  }
}

function summarise(events: TraceEvent[]): string {
  const thread = mainThread(events)
  if (!thread) return 'no renderer main thread in this trace'
  const { on } = thread
  const main = { pid: thread.pid }
  const tasks = topTasks(on)
  const start = Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts))
  const end = Math.max(...events.map((e) => e.ts + (e.dur ?? 0)))
  const wall = tasks.reduce((s, t) => s + (t.dur ?? 0), 0)
  const cpu = tasks.reduce((s, t) => s + (t.tdur ?? 0), 0)
  const longest = tasks.reduce((m, t) => Math.max(m, t.dur ?? 0), 0)
  const lines = [
    `traced ${ms(end - start)} ms; main thread in tasks ${ms(wall)} ms (thread CPU ${ms(cpu)} ms), ${tasks.length} tasks, longest ${ms(longest)} ms, over 50 ms ${tasks.filter((t) => (t.dur ?? 0) > 50_000).length}, over 200 ms ${tasks.filter((t) => (t.dur ?? 0) > 200_000).length}`,
  ]
  // Own time by name: each event's duration less its direct children's (events nest on a
  // thread), wall and thread CPU (tdur; on a loaded machine the wall holds the waits).
  const self = new Map<string, number>()
  const selfCpu = new Map<string, number>()
  const stack: TraceEvent[] = []
  for (const e of on) {
    while (
      stack.length &&
      (stack.at(-1) as TraceEvent).ts + ((stack.at(-1) as TraceEvent).dur ?? 0) <= e.ts
    )
      stack.pop()
    const parent = stack.at(-1)
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - (e.dur ?? 0))
    self.set(e.name, (self.get(e.name) ?? 0) + (e.dur ?? 0))
    if (parent && e.tdur !== undefined)
      selfCpu.set(parent.name, (selfCpu.get(parent.name) ?? 0) - e.tdur)
    if (e.tdur !== undefined) selfCpu.set(e.name, (selfCpu.get(e.name) ?? 0) + e.tdur)
    stack.push(e)
  }
  lines.push('own time by event, ms: wall, thread CPU')
  for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 18))
    lines.push(
      `  ${String(ms(us)).padStart(8)}  ${String(ms(selfCpu.get(name) ?? 0)).padStart(8)}  ${name}`,
    )
  // JavaScript samples (the v8 CPU profiler's chunks on the page's process), each at its time.
  const nodes = new Map<number, ProfileNode>()
  const samples: { t: number; where: string; dt: number }[] = []
  let t = 0
  for (const e of events) {
    if (e.pid !== main.pid) continue
    if (e.name === 'Profile') t = Number((e.args?.data as { startTime?: number })?.startTime ?? 0)
    if (e.name !== 'ProfileChunk') continue
    const data = (e.args?.data ?? {}) as {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }
      timeDeltas?: number[]
    }
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n)
    const ids = data.cpuProfile?.samples ?? []
    const deltas = data.timeDeltas ?? []
    ids.forEach((id, i) => {
      t += deltas[i] ?? 0
      const n = nodes.get(id)
      const name = n?.callFrame.functionName
      if (!n || name === '(idle)' || name === '(program)' || name === '(root)') return
      const where = `${name || '(anonymous)'} ${(n.callFrame.url ?? '').split('/').pop() ?? ''}:${(n.callFrame.lineNumber ?? -1) + 1}`
      samples.push({ t, where, dt: deltas[i + 1] ?? deltas[i] ?? 0 })
    })
  }
  const topJs = (from: number, to: number, n: number, indent: string) => {
    const by = new Map<string, number>()
    let sum = 0
    for (const s of samples)
      if (s.t >= from && s.t <= to) {
        by.set(s.where, (by.get(s.where) ?? 0) + s.dt)
        sum += s.dt
      }
    const out = [`${indent}JavaScript, own time, ms (of ${ms(sum)} sampled):`]
    for (const [name, us] of [...by].sort((a, b) => b[1] - a[1]).slice(0, n))
      out.push(`${indent}  ${String(ms(us)).padStart(8)}  ${name}`)
    return sum ? out : []
  }
  lines.push(...topJs(-Infinity, Infinity, 20, ''))
  // The longest tasks by wall time, then those with the most thread CPU time (on a loaded machine
  // the wall holds the waits for a core; the CPU is the page's work), each with what it did. The
  // first task of each traced step holds the sampling profiler's start (V8's interrupt callbacks,
  // 50 to 80 ms here), which is the trace's, not the page's.
  const byWall = [...tasks].sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, 4)
  const byCpu = [...tasks]
    .sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))
    .filter((t) => !byWall.includes(t))
    .slice(0, 4)
  for (const task of [...byWall, ...byCpu]) {
    const to = task.ts + (task.dur ?? 0)
    const inside = new Map<string, number>()
    for (const e of on)
      if (e !== task && e.ts >= task.ts && e.ts < to)
        inside.set(e.name, (inside.get(e.name) ?? 0) + (e.dur ?? 0))
    lines.push(
      `task at ${ms(task.ts - start)} ms: ${ms(task.dur ?? 0)} ms (CPU ${ms(task.tdur ?? 0)}); events in it (total, nested counted twice): ${[
        ...inside,
      ]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([n, us]) => `${n} ${ms(us)}`)
        .join(', ')}`,
      ...topJs(task.ts, to, 8, '    '),
    )
  }
  return lines.join('\n')
}

if (process.argv[1]?.endsWith('trace-summary.ts'))
  for (const file of process.argv.slice(2)) {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as
      TraceEvent[] | { traceEvents: TraceEvent[] }
    console.log(`== ${file}\n${summarise(Array.isArray(raw) ? raw : raw.traceEvents)}\n`)
  }
