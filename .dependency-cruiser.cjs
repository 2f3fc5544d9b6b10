// Import rules checked by `npm run lint` (dependency-cruiser) over src-main, src-renderer, i18n:
// no cycles, type-only imports included (a type cycle still ties two files' changes together), and
// no renderer state importing a view or component. Rules match paths (regular expressions on the
// resolved file), so a script that moves folders rewrites them like any other path.
// .svelte files are read as the Svelte compiler emits them, so their type-only imports are not
// seen; no .ts file but the renderer's entry imports a .svelte file (eslint.config.js keeps state
// from doing so), so no cycle can pass through one unseen.
/* global module */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Imports only go down: break the cycle by moving the shared type below both files.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'state-imports-no-view',
      severity: 'error',
      comment:
        'Renderer state (shell/ and ui/ .ts files but the entry, any *-state.svelte.ts) is read by views; it never imports one.',
      from: {
        path: '^src-renderer/src/((shell|ui)/(?!main[.]ts$)[^/]+[.]ts$|.*-state[.]svelte[.]ts$)',
      },
      to: { path: '[.]svelte$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Both tsconfigs map @common/* the same way.
    tsConfig: { fileName: 'tsconfig.node.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.svelte', '.json'] },
    // Reused while no file changed (content hashes); CI's fresh clone starts without it.
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
}
