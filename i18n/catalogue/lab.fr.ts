// French texts of the lab area: exactly the keys of lab.en.ts (see fr.ts).
import type { labEn } from './lab.en'

export const labFr: { readonly [K in keyof typeof labEn]: string } = {}
