// The app's views, declared once: the side nav's ids (App.svelte), what the renderer's state
// switches between, and what a walkthrough step may point at (scenario-format.ts).
export const VIEWS = [
  'overview',
  'discovery',
  'timeline',
  'requests',
  'ownership',
  'lab',
  'traffic',
  'rollout',
  'walkthroughs',
] as const
export type View = (typeof VIEWS)[number]
