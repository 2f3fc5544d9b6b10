// French texts of the rollout area: exactly the keys of rollout.en.ts (see fr.ts).
import type { rolloutEn } from './rollout.en'

export const rolloutFr: { readonly [K in keyof typeof rolloutEn]: string } = {}
