// Types for PosEnc Lab's embed loader: posenc-embed.mjs (ES module) and posenc-embed.js (classic script,
// window.PosEncEmbed). The keys and choices of PosEncState are the settings table (src/state/settings.hpp,
// PosEnc.schema()) and ViewId is the lesson registry (PosEnc.views()); tests/browser/test_package.mjs
// fails when they differ.

/** A lesson's id: the `view` key. */
export type ViewId =
  | 'clock' | 'order' | 'input' | 'formula' | 'heatmap' | 'waves' | 'periods' | 'counter'
  | 'ranges' | 'similarity' | 'symmetry' | 'learned' | 'adding' | 'embedding' | 'projections'
  | 'rope' | 'rope_practice' | 'gotcha' | 'precision' | 'rope_scores' | 'rope_layouts'
  | 'rope_base' | 'long_context' | 'schemes' | 'experiment';

/** The state of a figure: one key per row of the settings table (limits in the README's State table). */
export interface PosEncState {
  /** the lesson shown */
  view: ViewId;
  /** model width: even integer 2..8192 */
  d: number;
  /** frequency base: > 1, <= 1e12 */
  base: number;
  /** position (real), -1e9..1e9 */
  pos: number;
  /** offset, -1e9..1e9 */
  k: number;
  /** animate pos */
  playing: boolean;
  /** positions per second, 0..10000 */
  speed: number;
  /** selected sin/cos pair, 0..d/2-1 */
  pair: number;
  /** sequence length / window, 1..100000 */
  n: number;
  /** guided-tour step (0 = no tour) */
  step: number;
  /** UI scale for projectors, 1..3 */
  scale: number;
  /** high-contrast theme */
  contrast: boolean;
  /** colours of hands, selection and plots */
  palette: 'standard' | 'colorblind';
  /** show the controls sidebar */
  controls: boolean;
  /** light or dark colours; auto follows the reader's system setting */
  theme: 'light' | 'dark' | 'auto';
  /** the lesson text: auto (summary on small screens), full, summary or off */
  text: 'auto' | 'full' | 'summary' | 'off';
  /** slide-deck mode: clicker keys go to the deck, keys after a click */
  deck: boolean;
  /** experiment: what the model learns to predict */
  task: 'lookback' | 'first' | 'copy';
  /** experiment: the lookback task's offset k, integer 1..64 (below trainLength) */
  lookback: number;
  /** experiment: the position encoding the model is trained with */
  encoding: 'none' | 'sinusoidal' | 'learned' | 'rope' | 'alibi';
  /** experiment: seed of weights and data, integer 0..4294967295 */
  seed: number;
  /** experiment: training length L, integer 4..128 (evaluated at L, 2L, 4L) */
  trainLength: number;
  /** experiment: optimiser steps per run, integer 1..100000 */
  steps: number;
  /** experiment: model width, integer 8..128 (divisible by heads) */
  dModel: number;
  /** experiment: Transformer layers, 1..2 */
  layers: number;
  /** experiment: attention heads per layer, 1..8 */
  heads: number;
  /** experiment: Adam learning rate, 1e-5..0.1 */
  lr: number;
  /** experiment: sequences per step, integer 1..256 */
  batch: number;
}

/** A field setState could not apply, with the figure's reason (short, plain text). */
export interface Rejection {
  key: string;
  value: string;
  reason: string;
}

/** The keys whose values are numbers. */
export type NumberKey = { [K in keyof PosEncState]: PosEncState[K] extends number ? K : never }[keyof PosEncState];

/** What setState takes: any keys of the state; each value is validated by the figure. */
export type StateUpdate = Partial<PosEncState>;

/** 'results-json' and 'results-csv': the experiment view's finished runs (see the README's *The experiment*). */
export type TextExport = 'csv' | 'numpy' | 'pytorch' | 'svg' | 'results-json' | 'results-csv';
export type ImageExport = 'png' | 'figure';

export interface MountOptions {
  /** The figure's first state: an object or a query string ("view=clock&k=37"). */
  state?: StateUpdate | string;
  /** The page to embed (default: index.html beside the loader). */
  src?: string;
  /** The iframe's origin (default: src's). */
  origin?: string;
  /** The embed's allow-list of host origins (URL key origins=; default: the parent page's origin). */
  origins?: string | string[];
  /** The iframe's accessible name. */
  title?: string;
  /** Load the iframe only when the reader scrolls near it (loading="lazy"); calls wait for it. */
  lazy?: boolean;
  /** Slide-deck mode (deck=1); default: true inside a reveal.js deck (.reveal .slides). */
  deck?: boolean;
  /** 'light', 'dark' or 'auto' (follows the reader's prefers-color-scheme); sets the `theme` key. */
  theme?: PosEncState['theme'];
  /** Sandbox the iframe: true for "allow-scripts", or a string of more sandbox flags. */
  sandbox?: boolean | string;
  /** Milliseconds to wait for an answer once a request has been sent to a running figure (default: no limit). */
  timeout?: number;
}

export interface PosEncHandle {
  readonly element: Element;
  readonly iframe: HTMLIFrameElement;
  /** The state once the figure runs; rejects only when the figure truly fails, with its reason. */
  readonly ready: Promise<PosEncState>;
  getState(): Promise<PosEncState>;
  setState(partial: StateUpdate): Promise<PosEncState & { rejected: Rejection[] }>;
  /** The plain-text description of the view and its key numbers (what a screen reader hears). */
  describe(): Promise<string>;
  exportText(kind: TextExport): Promise<string>;
  exportImage(kind?: ImageExport): Promise<Blob>;
  /** Moves a number setting (k, pos, ...) smoothly to `to` over `seconds` (default 1); resolves with the
   *  state when it has arrived. The figure rejects keys it cannot animate. */
  animate(key: NumberKey, options: { to: number; seconds?: number }): Promise<PosEncState>;
  /** The URL that opens the full page in the figure's current state. */
  link(): Promise<string>;
  on(event: 'ready' | 'change', fn: (state: PosEncState) => void): () => void;
  on(event: 'view', fn: (view: ViewId, state: PosEncState) => void): () => void;
  on(event: 'step', fn: (step: number, state: PosEncState) => void): () => void;
  on(event: 'error', fn: (error: Error) => void): () => void;
  destroy(): void;
}

export function mount(element: Element, options?: MountOptions): PosEncHandle;
export function mountAll(root?: ParentNode): PosEncHandle[];
export function get(element: Element): PosEncHandle | null;
/** The message protocol's version. */
export const version: 1;

export interface PosEncEmbedApi {
  mount: typeof mount;
  mountAll: typeof mountAll;
  get: typeof get;
  version: 1;
}
declare const PosEncEmbed: PosEncEmbedApi;
export default PosEncEmbed;

declare global {
  interface Window {
    /** Set by posenc-embed.js (and by posenc-embed.mjs when no classic loader came first). */
    PosEncEmbed: PosEncEmbedApi;
  }
}
