// English texts of the ownership area (see en.ts).
export const ownershipEn = {} as const
