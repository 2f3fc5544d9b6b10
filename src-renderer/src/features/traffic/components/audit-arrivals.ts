// "Is audit on?", first line: whether audit events arrive, said as one sentence that agrees with
// its chip. Three cases a presenter must tell apart: events arrive; a source is listening and
// nothing comes (kube-apiserver is not sending: flags, address, firewall); no source at all.
import type { TrafficSourceStatus } from '@features/traffic/messages'
import { t } from '@i18n/renderer/locale.svelte'

export interface ArrivalsCheck {
  tone: 'ok' | 'warn' | 'info'
  chip: string
  text: string
}

const RECENT_MS = 60_000

export function auditArrivals(
  sources: readonly TrafficSourceStatus[],
  now: number,
  receivingAtCheck = false,
): ArrivalsCheck {
  const recent = sources.filter(
    (s) => s.lastEventAt !== undefined && now - s.lastEventAt < RECENT_MS,
  )
  if (recent.length > 0 || receivingAtCheck) {
    const count = recent.reduce((n, s) => n + s.eventsReceived, 0)
    return {
      tone: 'ok',
      chip: t('traffic.arrivals.yes'),
      text: recent.length
        ? t('traffic.arrivals.arrivedOn', {
            n: count,
            sources: recent.map((s) => s.kind).join(` ${t('traffic.arrivals.and')} `),
          })
        : t('traffic.arrivals.arrived'),
    }
  }
  const open = sources.filter((s) => s.state === 'running' || s.state === 'starting')
  if (open.length > 0) {
    const where = open.map((s) => s.where).join(', ')
    return {
      tone: 'warn',
      chip: t('traffic.arrivals.waiting'),
      text: t('traffic.arrivals.listening', { where }),
    }
  }
  return {
    tone: 'info',
    chip: t('traffic.arrivals.noSource'),
    text: t('traffic.arrivals.none'),
  }
}
