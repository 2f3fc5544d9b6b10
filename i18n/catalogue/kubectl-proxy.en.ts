// English texts of the kubectl-proxy area (see en.ts).
export const kubectlProxyEn = {} as const
