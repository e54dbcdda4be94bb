/**
 * A browser's description from its User-Agent header, for the signed-in devices list
 * and security mail. Parsed by bowser (maintained, MIT); nothing is trusted from it,
 * it only helps a person recognise their own devices.
 */
import Bowser from 'bowser';

export type DeviceDescription = { browser: string; os: string | null; deviceType: string | null };

const UNKNOWN: DeviceDescription = { browser: 'Unknown browser', os: null, deviceType: null };

const clip = (s: string | undefined) => (s ? s.slice(0, 60) : '');

export function describeUserAgent(ua: string | null | undefined): DeviceDescription {
  if (!ua?.trim()) return UNKNOWN;
  try {
    const p = Bowser.parse(ua.slice(0, 1000));
    const name = clip(p.browser.name);
    const major = clip(p.browser.version?.split('.')[0]);
    const os = [clip(p.os.name), clip(p.os.versionName ?? p.os.version)].filter(Boolean).join(' ');
    return {
      browser: name ? (major ? `${name} ${major}` : name) : UNKNOWN.browser,
      os: os || null,
      deviceType: clip(p.platform.type) || null,
    };
  } catch {
    return UNKNOWN;
  }
}

/** "Chrome 140 on Linux" */
export function deviceLabel(d: DeviceDescription): string {
  return d.os ? `${d.browser} on ${d.os}` : d.browser;
}

/**
 * The browser's family without versions ("Chrome|Linux"): what stays the same across
 * updates of one browser. Part of the new-sign-in fingerprint (sign-in-alert.ts).
 */
export function browserFamily(ua: string | null | undefined): string {
  if (!ua?.trim()) return '?|?';
  try {
    const p = Bowser.parse(ua.slice(0, 1000));
    return `${clip(p.browser.name) || '?'}|${clip(p.os.name) || '?'}`;
  } catch {
    return '?|?';
  }
}
