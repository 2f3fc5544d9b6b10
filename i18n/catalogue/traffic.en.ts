// English texts of the traffic area (see en.ts).
export const trafficEn = {} as const
