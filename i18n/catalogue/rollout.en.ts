// English texts of the rollout area (see en.ts).
export const rolloutEn = {} as const
