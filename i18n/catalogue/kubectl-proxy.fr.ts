// French texts of the kubectl-proxy area: exactly the keys of kubectl-proxy.en.ts (see fr.ts).
import type { kubectlProxyEn } from './kubectl-proxy.en'

export const kubectlProxyFr: { readonly [K in keyof typeof kubectlProxyEn]: string } = {}
