// Lint, and the layer rule of docs/adr/0001: the folder says where code runs.
//   src-main/common     pure: no electron, no node:*, nothing from other layers
//   src-main/node, browser-host, cli    plain Node: never electron
//   src-renderer        browser: only the shared contract from src-main (via @common)
//   ipcMain             only in src-main/electron-main/ipc-bridge.ts
// Cycles and renderer state importing views: .dependency-cruiser.cjs (also run by npm run lint).
import js from '@eslint/js'
import svelte from 'eslint-plugin-svelte'
import globals from 'globals'
import ts from 'typescript-eslint'

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
              message: 'Import the shared contract through @common only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-main/common/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', ...nodeBuiltins],
              message: 'common/ is pure: it runs in main and renderer alike.',
            },
            { group: ['../*'], message: 'common/ depends on nothing outside itself.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src-main/node/**', 'src-main/browser-host/**', 'src-main/cli/**'],
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
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
)
