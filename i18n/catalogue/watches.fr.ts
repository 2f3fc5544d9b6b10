// French texts of the watches area: exactly the keys of watches.en.ts (see fr.ts).
import type { watchesEn } from './watches.en'

export const watchesFr: { readonly [K in keyof typeof watchesEn]: string } = {}
