/** The strings of seasons and the leaderboard's time windows (issue 19). messages.ts puts them into MSG as MSG.seasons. */
export const SEASONS_MSG = {
  none: 'There is no season running right now.',
  nameRequired: 'Please give the season a name.',
  datesInvalid: 'Please pick a valid start and end.',
  endAfterStart: 'The season must end after it starts.',
  overlap: (name: string) => `This season would overlap “${name}”. Seasons cannot overlap.`,
  created: 'Season created.',
  tabs: { week: 'This week', month: 'This month', season: 'Season', all: 'All time' },
  frozen: 'Final results',
  pastSeasons: 'Past seasons',
  badgeTop3: 'Top 3',
  badgeTop10: 'Top 10',
} as const;
