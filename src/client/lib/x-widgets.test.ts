import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The widget loader against a tiny stand-in for the DOM (the unit project runs in
 * Node): one <script> for any number of cards, failures remembered until the
 * browser is back online, and a timeout when the script never answers.
 */
type FakeScript = {
  src: string;
  async: boolean;
  charset: string;
  dataset: Record<string, string>;
  onload: (() => void) | null;
  onerror: (() => void) | null;
  remove: () => void;
};

let scripts: FakeScript[];
let listeners: Map<string, Array<() => void>>;

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  scripts = [];
  listeners = new Map();
  const win = {
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (t: ReturnType<typeof setTimeout>) => clearTimeout(t),
    addEventListener: (type: string, fn: () => void) =>
      listeners.set(type, [...(listeners.get(type) ?? []), fn]),
    twttr: undefined as unknown,
  };
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', {
    createElement: () => {
      const s: FakeScript = {
        src: '',
        async: false,
        charset: '',
        dataset: {},
        onload: null,
        onerror: null,
        remove: () => {},
      };
      return s;
    },
    head: { appendChild: (s: FakeScript) => scripts.push(s) },
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const createTweet = vi.fn(async () => undefined);

function answer(kind: 'load' | 'error') {
  const s = scripts.at(-1)!;
  if (kind === 'load') {
    (window as unknown as { twttr: unknown }).twttr = { widgets: { createTweet } };
    s.onload?.();
  } else s.onerror?.();
}

describe('loadXWidgets', () => {
  it('adds widgets.js once, however many cards ask', async () => {
    const { loadXWidgets, X_WIDGETS_SRC } = await import('./x-widgets');
    const a = loadXWidgets();
    const b = loadXWidgets();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe(X_WIDGETS_SRC);
    expect(scripts[0]!.async).toBe(true);
    answer('load');
    expect((await a).createTweet).toBe(createTweet);
    expect(await b).toBe(await a);
    await loadXWidgets();
    expect(scripts).toHaveLength(1);
  });

  it('waits for twttr.ready when the script sets up after load', async () => {
    const { loadXWidgets } = await import('./x-widgets');
    const p = loadXWidgets();
    const queue: Array<(t: unknown) => void> = [];
    (window as unknown as { twttr: unknown }).twttr = { ready: (cb: (t: unknown) => void) => queue.push(cb) };
    scripts[0]!.onload?.();
    queue[0]!({ widgets: { createTweet } });
    expect((await p).createTweet).toBe(createTweet);
  });

  it('remembers a blocked script until the browser is back online', async () => {
    const { loadXWidgets } = await import('./x-widgets');
    const first = loadXWidgets();
    answer('error');
    await expect(first).rejects.toThrow(/could not be loaded/);
    await expect(loadXWidgets()).rejects.toThrow();
    expect(scripts).toHaveLength(1);

    for (const fn of listeners.get('online') ?? []) fn();
    await Promise.resolve();
    await Promise.resolve();
    const retry = loadXWidgets();
    expect(scripts).toHaveLength(2);
    answer('load');
    expect((await retry).createTweet).toBe(createTweet);
  });

  it('gives up after the timeout when the script never answers', async () => {
    const { loadXWidgets, X_WIDGETS_TIMEOUT_MS } = await import('./x-widgets');
    const p = loadXWidgets();
    const check = expect(p).rejects.toThrow(/timed out/);
    vi.advanceTimersByTime(X_WIDGETS_TIMEOUT_MS + 1);
    await check;
  });
});
