import { describe, expect, it } from 'vitest';
import { actionLabel, changesOf, showValue, targetKind } from './entry-text';

describe('audit entry text', () => {
  it('names the kinds of target in words', () => {
    expect(targetKind('bounty_application')).toBe('Bounty request');
    expect(targetKind('user')).toBe('Member');
    expect(targetKind('new_kind_of_thing')).toBe('New kind of thing');
  });

  it('shows only the fields a decision changed, before → after', () => {
    expect(
      changesOf({ status: 'pending', points: 0 }, { status: 'approved', points: 40, decision: 'reward:40' }),
    ).toEqual([
      { field: 'status', before: 'Pending', after: 'Approved' },
      { field: 'points', before: '0', after: '40' },
      { field: 'decision', after: 'reward:40' },
    ]);
    expect(changesOf({ disabled: false, reason: null }, { disabled: true, reason: 'Spam' })).toEqual([
      { field: 'disabled', before: 'no', after: 'yes' },
      { field: 'reason', before: '—', after: 'Spam' },
    ]);
    // Nothing that stayed the same, and a field only `before` had shows as removed.
    expect(changesOf({ role: 'builder', note: 'x' }, { role: 'builder' })).toEqual([
      { field: 'note', before: 'x', after: '—' },
    ]);
  });
  it('shows roles and statuses as the app names them, not as stored (first-time-user review)', () => {
    expect(
      changesOf(
        { role: 'Community Member', status: 'pending' },
        { role: 'ambassador', status: 'changes_requested' },
      ),
    ).toEqual([
      { field: 'role', before: 'Community Member', after: 'Ambassador' },
      { field: 'status', before: 'Pending', after: 'Changes requested' },
    ]);
    expect(changesOf(null, { role: null })).toEqual([{ field: 'role', after: '—' }]);
  });

  it('says each recorded action in words, an unknown one spelled out', () => {
    expect(actionLabel('contribution.reward')).toBe('Contribution rewarded');
    expect(actionLabel('project_application.approved')).toBe('Project application approved');
    expect(actionLabel('bounty_application.pending')).toBe('Bounty request reset to pending');
    expect(actionLabel('bounty_winners.winners')).toBe('Bounty winners announced');
    expect(actionLabel('user.reviewer.grant')).toBe('Member made a reviewer');
    expect(actionLabel('xp.deduct')).toBe('XP deducted');
    expect(actionLabel('user.sign_in')).toBe('Signed in');
    expect(actionLabel('season.new_thing')).toBe('Season new thing');
  });

  it('lists every field set when there was nothing before (a creation, a sign-in)', () => {
    expect(changesOf(null, { role: 'admin', ip: '127.0.0.1' })).toEqual([
      { field: 'role', after: 'Admin' },
      { field: 'ip', after: '127.0.0.1' },
    ]);
    expect(changesOf(null, null)).toEqual([]);
    expect(showValue({ delta: 40, event: '116' })).toBe('delta 40, event 116');
    expect(showValue(['a', 2, true])).toBe('a, 2, yes');
  });
});
