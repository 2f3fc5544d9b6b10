// French texts of the traffic area: exactly the keys of traffic.en.ts (see fr.ts).
import type { trafficEn } from './traffic.en'

export const trafficFr: { readonly [K in keyof typeof trafficEn]: string } = {}
