import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { configQueryOptions } from '@/client/lib/config';
import { useSession } from '@/client/lib/session';
import { MSG } from '@/shared/messages';
import { Alert } from './ui/alert';

/**
 * On admin screens, for staff without a second factor while the server requires one
 * (REQUIRE_STAFF_2FA): what every write will answer, and the way to the enrolment.
 */
export function StaffSecondFactorNotice() {
  const { user } = useSession();
  const { data: config } = useQuery(configQueryOptions);
  if (!(user?.isAdmin || user?.isReviewer) || user.twoFactorEnabled || !config?.staffSecondFactor)
    return null;
  return (
    <Alert className="mx-auto mb-6 max-w-6xl">
      {MSG.security.staffNeeds2faNotice}{' '}
      <Link to="/profile#security" className="font-semibold underline underline-offset-4">
        Set up two-factor
      </Link>
    </Alert>
  );
}
