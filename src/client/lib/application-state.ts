import { useQuery } from '@tanstack/react-query';
import type { Viewer } from '@/shared/rules/access';
import type { ApplicationState } from '@/shared/rules/journey';
import { myApplicationQuery } from './shared-queries';

/**
 * A startup's own application as the next steps need it (shared/rules/journey.ts): `pending`
 * while one waits for the team. Read only for a startup not approved yet; the same query as
 * the dashboard checklist's, so one request serves both.
 */
export function useApplicationState(viewer: Viewer): ApplicationState {
  const startupPending = viewer?.role === 'startup' && viewer.status !== 'approved';
  const mine = useQuery({ ...myApplicationQuery, enabled: startupPending });
  if (!startupPending || !mine.data) return undefined;
  return mine.data.latest?.status === 'pending' ? 'pending' : null;
}
