import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, draftKey, fits, readDraft, writeDraft } from './form-draft';
import { clearSessionPrefix, DRAFT_PREFIX } from './storage';

/** sessionStorage as the browser has it, for a node test. */
function fakeStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, String(v)),
    removeItem: (k: string) => void data.delete(k),
    key: (i: number) => [...data.keys()][i] ?? null,
    get length() {
      return data.size;
    },
  };
}

const DEFAULTS = {
  title: '',
  tags: '',
  team: ['', ''],
  criteria: [] as string[],
  file: null,
  genre: undefined,
};

describe('form drafts', () => {
  let storage: ReturnType<typeof fakeStorage>;
  beforeEach(() => {
    storage = fakeStorage();
    vi.stubGlobal('window', { sessionStorage: storage });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keys a draft by member, form and entity, so one member never reads another’s', () => {
    expect(draftKey('u1', 'bounty-apply', 'b9')).toBe(`${DRAFT_PREFIX}u1.bounty-apply.b9`);
    expect(draftKey('u1', 'contribution')).toBe(`${DRAFT_PREFIX}u1.contribution`);
    const mine = draftKey('u1', 'contribution');
    writeDraft(mine, { ...DEFAULTS, title: 'Mine' }, DEFAULTS);
    expect(readDraft(draftKey('u2', 'contribution'), DEFAULTS)).toEqual({});
    expect(readDraft(mine, DEFAULTS)).toEqual({ title: 'Mine' });
  });

  it('keeps only what differs from the starting values, and nothing once all is back to them', () => {
    const key = draftKey('u1', 'create-project');
    const start = { ...DEFAULTS, title: 'From the application' };
    expect(writeDraft(key, { ...start, tags: 'DeFi', team: ['https://x.com/a', ''] }, start)).toBe(true);
    expect(readDraft(key, start)).toEqual({ tags: 'DeFi', team: ['https://x.com/a', ''] });
    expect(writeDraft(key, start, start)).toBe(false);
    expect(storage.data.has(key)).toBe(false);
  });

  it('keeps files in memory only, never in sessionStorage, and forgets them with the draft', () => {
    const key = draftKey('u1', 'contribution');
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    expect(writeDraft(key, { ...DEFAULTS, file }, DEFAULTS)).toBe(true);
    expect(storage.data.has(key)).toBe(false);
    clearDraft(key);
    expect(writeDraft(key, DEFAULTS, DEFAULTS)).toBe(false);
  });

  it('never keeps a password', () => {
    const key = draftKey('u1', 'signup');
    writeDraft(key, { email: 'a@b.c', password: 'hunter22' }, { email: '', password: '' });
    expect(storage.data.get(key)).not.toContain('hunter22');
    storage.setItem(key, JSON.stringify({ v: 1, values: { password: 'x' } }));
    expect(readDraft(key, { email: '', password: '' })).toEqual({});
  });

  it('ignores a draft that does not parse or no longer fits the form', () => {
    const key = draftKey('u1', 'bounty-request');
    storage.setItem(key, '{not json');
    expect(readDraft(key, DEFAULTS)).toEqual({});
    storage.setItem(key, JSON.stringify({ v: 99, values: { title: 'old format' } }));
    expect(readDraft(key, DEFAULTS)).toEqual({});
    storage.setItem(
      key,
      JSON.stringify({
        v: 1,
        values: {
          title: 7,
          gone: 'a field removed since',
          criteria: ['ok'],
          team: 'not a list',
          genre: 'DeFi',
        },
      }),
    );
    expect(readDraft(key, DEFAULTS)).toEqual({ criteria: ['ok'], genre: 'DeFi' });
  });

  it('sign-out removes every draft of the tab, and nothing else', () => {
    const key = draftKey('u1', 'contribution');
    writeDraft(key, { ...DEFAULTS, title: 'Mine' }, DEFAULTS);
    storage.setItem('other', 'kept');
    clearSessionPrefix(DRAFT_PREFIX);
    expect([...storage.data.keys()]).toEqual(['other']);
  });

  it('fits values of the same kind as the field', () => {
    expect(fits('', 'text')).toBe(true);
    expect(fits('', 3)).toBe(false);
    expect(fits(['', ''], ['a', 'b'])).toBe(true);
    expect(fits(['', ''], [1])).toBe(false);
    expect(fits([], ['a'])).toBe(true);
    expect(fits({ a: '' }, { a: 'x' })).toBe(true);
    expect(fits({ a: '' }, { b: 'x' })).toBe(false);
  });
});
