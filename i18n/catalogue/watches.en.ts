// English texts of the watches area (see en.ts).
export const watchesEn = {} as const
