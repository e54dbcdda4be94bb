/** The browser's IANA time zone, sent once at sign-up (the server keeps it on the user). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Zones a member can pick in the profile: every zone the browser knows, plus the current ones. */
export function timeZoneChoices(...current: Array<string | null | undefined>): string[] {
  let all: string[] = [];
  try {
    all = Intl.supportedValuesOf('timeZone');
  } catch {
    all = [];
  }
  const set = new Set(['UTC', ...all]);
  for (const z of current) if (z) set.add(z);
  return [...set].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}
