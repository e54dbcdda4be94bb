import { ArrowRight, Rocket } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CardList } from '@/client/components/card-list';
import { EmptyState } from '@/client/components/empty-state';
import { GatedButton } from '@/client/components/gated-button';
import { lazyDialog } from '@/client/components/lazy-dialog';
import { PageFrame } from '@/client/components/page-frame';
import { PAGE_HEADS } from '@/client/components/page-heads';
import { buttonVariants } from '@/client/components/ui/button';
import { FilterChips } from '@/client/components/ui/filter-chips';
import { TooltipProvider } from '@/client/components/ui/tooltip';
import { UpdatingStatus } from '@/client/components/updating-status';
import { useApplicationState } from '@/client/lib/application-state';
import { useSession } from '@/client/lib/session';
import { MSG } from '@/shared/messages';
import { canCreateProject } from '@/shared/rules/access';
import { approvalStep } from '@/shared/rules/journey';
import { type ProjectFilter, useProjects } from './api';
import { ProjectCard, ProjectCardSkeleton } from './project-card';

const CreateProjectDialog = lazyDialog(
  () => import('./create-project-dialog').then((m) => m.CreateProjectDialog),
  (p) => p.open,
);

/** Spec §2: the chips shown; 'my' exists in the logic (and the API) but is not offered. */
const VISIBLE_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
] as const satisfies readonly { value: ProjectFilter; label: string }[];

/** Spec §2 Projects page: filter chips, card grid, empty state and the create modal. */
export function ProjectsPage() {
  const { user, viewer, refresh } = useSession();
  const [filter, setFilter] = useState<ProjectFilter>('all');
  const [creating, setCreating] = useState(false);
  const projects = useProjects(filter);

  const startup = user?.role === 'startup';
  const allowed = canCreateProject(viewer);
  // A startup not approved yet: its application's status while one waits, else the form.
  const approval = approvalStep(useApplicationState(viewer));
  /** Create Project for a startup (disabled with the reason and the way to approval until approved); nothing for others. */
  const createButton = (label: string, align?: 'center') =>
    startup ? (
      <GatedButton
        align={align}
        allowed={allowed}
        reason={MSG.project.onlyApproved}
        next={approval}
        label={label}
        onClick={() => setCreating(true)}
      />
    ) : undefined;

  // An approval happens elsewhere (the admin's screen): re-read who we are on arrival,
  // so a just-approved startup sees an enabled Create button without signing in again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit
  useEffect(() => {
    if (startup && !allowed) void refresh();
  }, []);

  const body = (
    <CardList
      noun="projects"
      query={projects}
      pages={projects}
      skeleton={<ProjectCardSkeleton />}
      fallback={MSG.project.fetchFailed}
      empty={
        <EmptyState
          icon={<Rocket />}
          title={MSG.project.empty}
          description={
            startup && allowed
              ? 'Launch the first one: add a banner, a logo, links and tags so the community can find it.'
              : startup
                ? 'Projects open to your startup once the team approves its application. Until then, your application page shows where it stands.'
                : filter === 'archived'
                  ? 'Archived projects will be listed here.'
                  : 'Projects from approved startups will appear here.'
          }
          // The main action is one the viewer can take: a startup not approved yet is sent to its
          // application, not shown a disabled Create button (the header's says why).
          action={
            startup && !allowed ? (
              <Link to={approval.to} className={buttonVariants({ variant: 'primary' })}>
                {approval.label}
                <ArrowRight aria-hidden="true" />
              </Link>
            ) : (
              createButton(MSG.project.createFirst, 'center')
            )
          }
        />
      }
    >
      {(p) => <ProjectCard project={p} isOwner={!!user && p.ownerId === user.uid} />}
    </CardList>
  );

  return (
    <TooltipProvider>
      <PageFrame head={PAGE_HEADS['/projects']} actions={createButton('Create Project')}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <FilterChips
            legend="Filter projects"
            options={VISIBLE_FILTERS}
            value={filter}
            onChange={setFilter}
          />
          <UpdatingStatus updating={projects.isRefreshing} />
        </div>
        {body}
      </PageFrame>
      {startup && allowed ? <CreateProjectDialog open={creating} onOpenChange={setCreating} /> : null}
    </TooltipProvider>
  );
}
