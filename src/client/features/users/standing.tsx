/**
 * Who a member is to the console, in the list and on their page alike: their standing
 * as their own pages say it (ownRoleLabel: the admin is "Admin", whatever role they
 * signed up with), a reviewer's badge, and for the admin the role they signed up with
 * (the role filter still finds them under it).
 */
import { Badge } from '@/client/components/ui/badge';
import { ownRoleLabel, roleLabel } from '@/shared/lists';
import { MSG } from '@/shared/messages';
import type { UserRow } from '@/shared/schemas/users-admin';

export function Standing({ u }: { u: Pick<UserRow, 'role' | 'isAdmin' | 'reviewer'> }) {
  return (
    <>
      <Badge tone={u.isAdmin ? 'accent' : 'neutral'} data-testid="standing">
        {ownRoleLabel(u.role, u.isAdmin)}
      </Badge>
      {u.reviewer ? <Badge tone="accent">{MSG.reviewers.reviewerBadge}</Badge> : null}
      {u.isAdmin ? (
        <span className="text-xs text-muted">
          {MSG.moderation.signedUpAs} {roleLabel(u.role)}
        </span>
      ) : null}
    </>
  );
}
