// Lint, and the layer rules of docs/adr/0001 and docs/adr/0017: the folder says where code runs
// and which way imports go.
//   src-main/common     runtime-neutral: no electron, no node:*; imports only itself
//   src-main/features/<f>/messages.ts, common/   a feature's runtime-neutral part, same purity
//   src-main/core, features, assembly, browser-host, cli    plain Node: never electron
//   src-renderer        browser: src-main only through @common and @features (messages, common/)
//   apiscope-layers/layers (eslint-rules/layers.js): core below the features, features never
//   into each other (another feature's messages.ts is its public contract), shell above.
//   ipcMain             only in src-main/electron-main/ipc-bridge.ts
// Cycles and renderer state importing views: .dependency-cruiser.cjs (also run by npm run lint).
import js from '@eslint/js'
import svelte from 'eslint-plugin-svelte'
import globals from 'globals'
import ts from 'typescript-eslint'
import layers from './eslint-rules/layers.js'

const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'http',
  'https',
  'child_process',
  'os',
  'crypto',
  'net',
  'url',
  'util',
]

export default ts.config(
  { ignores: ['out/', 'dist/', 'node_modules/', 'test/artifacts/', 'test-results/', '.scratch/'] },
  js.configs.recommended,
  ...ts.configs.recommended,
  ...svelte.configs.recommended,
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: ts.parser, extraFileExtensions: ['.svelte'] } },
  },
  {
    files: ['src-main/**', 'scripts/**', 'bin/**', 'test/**', '*.config.*'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src-renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', ...nodeBuiltins],
              message: 'The renderer runs in a browser sandbox.',
            },
            {
              group: ['**/src-main/**', '../../src-main/*'],
              message: 'Import the shared contract through @common and @features only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'src-main/common/**',
      'src-main/features/*/messages.ts',
      'src-main/features/*/common/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', ...nodeBuiltins],
              message: 'common/ is pure: it runs in main and renderer alike.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'src-main/core/**',
      'src-main/features/**',
      'src-main/assembly/**',
      'src-main/browser-host/**',
      'src-main/cli/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', 'electron/*'],
              message: 'The core is plain Node and runs without Electron.',
            },
          ],
        },
      ],
    },
  },
  {
    // Only the IPC bridge listens on ipcMain (everything else reaches the core through it).
    files: ['src-main/electron-main/**', 'src-main/preload/**', 'scripts/**', 'bin/**'],
    ignores: ['src-main/electron-main/ipc-bridge.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              importNames: ['ipcMain'],
              message: 'ipcMain is used only in src-main/electron-main/ipc-bridge.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-main/**', 'src-renderer/src/**'],
    plugins: { 'apiscope-layers': layers },
    rules: {
      'apiscope-layers/layers': [
        'error',
        {
          // Imports allowed across the layers, each with why (docs/adr/0017): none today.
          allow: [],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
)
