// English texts of the lab area (see en.ts).
export const labEn = {} as const
