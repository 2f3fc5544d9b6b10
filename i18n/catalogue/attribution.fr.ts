// French texts of the attribution area: exactly the keys of attribution.en.ts (see fr.ts).
import type { attributionEn } from './attribution.en'

export const attributionFr: { readonly [K in keyof typeof attributionEn]: string } = {}
