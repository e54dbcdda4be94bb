/** Valid request bodies shared by integration tests, end-to-end tests and benchmarks. */

/** A complete, valid project application (spec §4); `over` replaces fields. */
export function projectApplicationBody(name = 'Orbit Finance', over: Record<string, unknown> = {}) {
  return {
    name,
    website: 'https://example.com',
    github: 'https://github.com/example',
    whitepaper: 'https://example.com/whitepaper.pdf',
    teamMembers: ['https://example.com/alice', 'https://example.com/bob'],
    genre: 'DeFi',
    phase: 'MVP',
    goals: 'Grow a community of liquidity providers.',
    ...over,
  };
}

/** The optional contact fields too, for flows that show them. */
export const applicationContacts = {
  goals: 'Grow a community of liquidity providers and ship the v2 router.',
  xAccount: '@example',
  telegram: 't.me/example',
};
