// French texts of the ownership area: exactly the keys of ownership.en.ts (see fr.ts).
import type { ownershipEn } from './ownership.en'

export const ownershipFr: { readonly [K in keyof typeof ownershipEn]: string } = {}
