// Durations and sizes as the transport controls and the record button show them.

export function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000))
  const m = Math.floor(s / 60)
  return `${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
}

/** 110.8 kB in English, 110,8 ko in French (Intl's units and decimal separator). */
export function size(bytes: number, locale = 'en'): string {
  const unit = (value: number, name: string, digits: number) =>
    new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: name,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value)
  // Intl's short byte unit is "byte"; "B" and "o" are what people write.
  if (bytes < 1024) return `${bytes} ${locale === 'fr' ? 'o' : 'B'}`
  if (bytes < 1024 * 1024) return unit(bytes / 1024, 'kilobyte', 1)
  return unit(bytes / 1024 / 1024, 'megabyte', 2)
}

export function speedLabel(speed: number): string {
  return speed === 0.25 ? '¼×' : speed === 0.5 ? '½×' : `${speed}×`
}
