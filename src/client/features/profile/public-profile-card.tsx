import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { SettingsCard } from '@/client/components/settings-card';
import { Checkbox } from '@/client/components/ui/checkbox';
import { errorMessage } from '@/client/lib/api';
import { toast } from '@/client/lib/toast';
import { profilePath } from '@/shared/links';
import type { Me } from '@/shared/schemas/account';
import { useProfileVisibility } from './api';

/**
 * The public profile on one's own profile page (issue 19): where it is, and a switch that
 * hides it (it then answers 404, and the leaderboard's name links nowhere).
 */
export function PublicProfileCard({ me }: { me: Me }) {
  const save = useProfileVisibility({
    onSuccess: (_me, hidden) =>
      toast.success(hidden ? 'Your public profile is hidden.' : 'Your public profile is visible.'),
    onError: (err) => toast.error(errorMessage(err)),
  });
  const hidden = save.isPending && save.variables !== undefined ? save.variables : me.profileHidden;
  return (
    <SettingsCard
      title="Public profile"
      intro="Your name, role, bio, links, XP, rank, approved contributions and bounties won, for anyone with the link. Never your e-mail."
    >
      {hidden ? null : (
        <Link
          to={profilePath(me.displayName)}
          className="mt-3 inline-flex min-h-11 items-center gap-1.5 text-sm text-accent-to underline-offset-4 hover:underline"
        >
          View your public profile
          <ExternalLink className="size-3.5" aria-hidden="true" />
        </Link>
      )}
      <label className="mt-2 flex min-h-11 cursor-pointer items-center justify-between gap-4 rounded-lg px-1 text-sm text-fg-soft">
        Hide my public profile
        <Checkbox
          checked={hidden}
          disabled={save.isPending}
          onChange={(e) => save.mutate(e.target.checked)}
        />
      </label>
    </SettingsCard>
  );
}
