// Three builds from one file: the Electron main process (plus the CLI, which shares the plain-Node
// core and never imports electron), the sandboxed preload (CommonJS, fully bundled), and the
// Svelte renderer, which browser mode serves unchanged.
import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import { svelte } from '@sveltejs/vite-plugin-svelte'

const common = resolve(import.meta.dirname, 'src-main/common')
const features = resolve(import.meta.dirname, 'src-main/features')
// The English and French catalogue (i18n/), shared by the core, the CLI and the renderer.
const i18n = resolve(import.meta.dirname, 'i18n')

export default defineConfig({
  main: {
    resolve: {
      alias: [
        { find: '@common', replacement: common },
        { find: '@features', replacement: features },
        { find: '@i18n', replacement: i18n },
        // The version-history worker as a file of its own in out/main/chunks (?modulePath).
        {
          find: /^\.\/version-history-worker-entry$/,
          replacement: resolve(
            import.meta.dirname,
            'src-main/core/watch/version-history-worker-entry.bundled.ts',
          ),
        },
      ],
    },
    build: {
      outDir: 'out/main',
      rolldownOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src-main/electron-main/main.ts'),
          cli: resolve(import.meta.dirname, 'src-main/cli/apiscope.ts'),
        },
      },
    },
  },
  preload: {
    resolve: { alias: { '@common': common, '@features': features } },
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src-main/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src-renderer'),
    resolve: { alias: { '@common': common, '@features': features, '@i18n': i18n } },
    plugins: [svelte({ configFile: resolve(import.meta.dirname, 'svelte.config.js') })],
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      rolldownOptions: { input: resolve(import.meta.dirname, 'src-renderer/index.html') },
    },
  },
})
