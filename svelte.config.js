// Svelte 5 with runes; TypeScript in <script lang="ts"> is handled by Svelte itself.
export default {
  compilerOptions: { runes: true },
}
