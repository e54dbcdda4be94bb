/** Project applications' one shared condition, read by the screen, its CSV export and the admin home. */
import { projectApplications } from '@/db/schema';
import { pendingOf } from '@/server/features/users/owner-enabled';

/** The project approvals screen: pending applications of enabled owners (the screen and its CSV export). */
export const PENDING_APPLICATIONS = pendingOf(projectApplications.status, projectApplications.ownerId);
