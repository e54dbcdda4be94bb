import { describe, expect, it } from 'vitest';
import { describeUserAgent, deviceLabel } from './user-agent';

describe('describeUserAgent', () => {
  it('names the browser, its major version and the system', () => {
    const d = describeUserAgent(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
    );
    expect(d).toEqual({ browser: 'Chrome 140', os: 'Linux', deviceType: 'desktop' });
    expect(deviceLabel(d)).toBe('Chrome 140 on Linux');
  });
  it('recognises a phone', () => {
    const d = describeUserAgent(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    );
    expect(d.browser).toBe('Safari 17');
    expect(d.os).toMatch(/^iOS/);
    expect(d.deviceType).toBe('mobile');
  });
  it('says unknown for empty, odd or hostile agents, and bounds the length', () => {
    expect(describeUserAgent(null).browser).toBe('Unknown browser');
    expect(describeUserAgent('   ').browser).toBe('Unknown browser');
    expect(describeUserAgent('node').browser).toBe('Unknown browser');
    const long = describeUserAgent(`Mozilla/5.0 ${'x'.repeat(100_000)}`);
    expect(long.browser.length).toBeLessThanOrEqual(60);
  });
});
