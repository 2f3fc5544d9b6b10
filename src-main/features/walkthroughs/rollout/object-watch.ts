// A small list-then-watch of one collection, keeping the current objects by uid. The rollout trace
// needs whole objects (conditions, ownerReferences, managedFields), which the timeline's event
// store keeps only as versions to diff; so it lists and watches on its own, through KubeTransport
// (every request in the request log). On any end or error it lists again after a pause.
import type { KubeTransport, StreamResponse } from '../../../core/kube-transport'
import { NdjsonLines } from '../../../core/watch/ndjson-lines'
import type { KubeObject } from './rollout-model'

export type WatchChange = (type: string, obj: KubeObject, previous: KubeObject | undefined) => void

export class ObjectWatch {
  readonly objects = new Map<string, KubeObject>()
  private stream: StreamResponse | null = null
  private stopped = false
  private timer: NodeJS.Timeout | null = null

  constructor(
    private readonly transport: KubeTransport,
    private readonly path: string,
    private readonly query: Record<string, string>,
    private readonly onChange: WatchChange,
  ) {}

  /** Lists (resolves when the first list is in), then keeps watching in the background. */
  async start(): Promise<void> {
    await this.listThenWatch()
  }

  private async listThenWatch(): Promise<void> {
    if (this.stopped) return
    let rv: string
    try {
      const list = await this.transport.json<{
        metadata: { resourceVersion: string }
        items: KubeObject[]
      }>({
        path: this.path,
        query: this.query,
      })
      if (!list.ok) return this.retry()
      const fresh = new Map(list.value.items.map((o) => [o.metadata.uid, o]))
      for (const [uid, old] of this.objects) if (!fresh.has(uid)) this.onChange('DELETED', old, old)
      for (const [uid, obj] of fresh) {
        const previous = this.objects.get(uid)
        this.objects.set(uid, obj)
        this.onChange(previous ? 'MODIFIED' : 'ADDED', obj, previous)
      }
      for (const uid of [...this.objects.keys()]) if (!fresh.has(uid)) this.objects.delete(uid)
      rv = list.value.metadata.resourceVersion
    } catch {
      return this.retry()
    }
    void this.watch(rv)
  }

  private async watch(rv: string): Promise<void> {
    if (this.stopped) return
    try {
      const res = await this.transport.openStream({
        path: this.path,
        query: {
          ...this.query,
          watch: 'true',
          resourceVersion: rv,
          allowWatchBookmarks: 'true',
          timeoutSeconds: '300',
        },
      })
      if (!res.stream || this.stopped) {
        res.abort()
        return this.retry()
      }
      this.stream = res
      const lines = new NdjsonLines()
      res.stream.on('data', (chunk: Buffer) =>
        lines.push(chunk, (bytes) => {
          try {
            const event = JSON.parse(bytes.toString('utf8')) as { type: string; object: KubeObject }
            this.apply(event.type, event.object)
          } catch {
            // a malformed line: the relist after the stream ends repairs the state
          }
        }),
      )
      res.stream.on('end', () => this.retry(0))
      res.stream.on('error', () => this.retry())
    } catch {
      this.retry()
    }
  }

  private apply(type: string, obj: KubeObject): void {
    if (type === 'BOOKMARK' || !obj?.metadata?.uid) return
    if (type === 'ERROR') return this.retry(0)
    const previous = this.objects.get(obj.metadata.uid)
    if (type === 'DELETED') this.objects.delete(obj.metadata.uid)
    else this.objects.set(obj.metadata.uid, obj)
    this.onChange(type, obj, previous)
  }

  private retry(ms = 1000): void {
    this.stream?.abort()
    this.stream = null
    if (this.stopped || this.timer) return
    this.timer = setTimeout(() => {
      this.timer = null
      void this.listThenWatch()
    }, ms)
  }

  stop(): void {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.stream?.abort()
    this.stream = null
  }
}
