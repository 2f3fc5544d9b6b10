// English texts of the attribution area (see en.ts).
export const attributionEn = {} as const
