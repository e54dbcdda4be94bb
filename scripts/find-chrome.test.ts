import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROME_ARGS, locateChrome } from './find-chrome';

describe('locateChrome', () => {
  it('prefers CHROME_PATH when it is an executable', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'chrome-'));
    const file = path.join(dir, 'chrome');
    writeFileSync(file, '#!/bin/sh\n');
    chmodSync(file, 0o755);
    expect(await locateChrome({ CHROME_PATH: file })).toBe(file);
  });

  it('refuses a CHROME_PATH that is not executable instead of silently looking elsewhere', async () => {
    await expect(locateChrome({ CHROME_PATH: '/nonexistent/chrome' })).rejects.toThrow(/CHROME_PATH/);
  });

  it('launches headless without sandbox or background traffic', () => {
    expect(CHROME_ARGS).toEqual(
      expect.arrayContaining(['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage']),
    );
  });
});
