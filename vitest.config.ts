import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'

const alias = {
  '@common': resolve(import.meta.dirname, 'src-main/common'),
  '@features': resolve(import.meta.dirname, 'src-main/features'),
  '@i18n': resolve(import.meta.dirname, 'i18n'),
}

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          env: { TZ: 'UTC' },
          // Not a timing: the property tests (hundreds of generated inputs) and the catalogue's
          // walk have passed 5 s on a loaded 2-core machine.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          // The CLI speaks the locale's language (#15): the tests read its English whatever the
          // machine's LANG says; cli-french.test.ts clears LC_ALL to test French.
          env: { LC_ALL: 'C.UTF-8' },
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One control plane for the run; test files share it, each in its own namespace.
          fileParallelism: false,
        },
      },
    ],
  },
})
