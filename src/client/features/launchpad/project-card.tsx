import { Archive, ArchiveRestore, CalendarDays, Globe, ImageOff } from 'lucide-react';
import { GitHubIcon, XIcon } from '@/client/components/brand-icons';
import { ListCard } from '@/client/components/list-card';
import { ProfileName } from '@/client/components/profile-name';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Skeleton, SkeletonBars } from '@/client/components/ui/skeleton';
import { When } from '@/client/components/when';
import { errorMessage } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { toast } from '@/client/lib/toast';
import { externalLinkProps, safeUrl } from '@/client/lib/url';
import { safeHref } from '@/shared/links';
import { MSG } from '@/shared/messages';
import type { Project } from '@/shared/schemas/projects';
import { useSetProjectStatus } from './api';
import { TagList } from './tag-list';

/** The X profile for a stored account: a link as given, or a handle made into one. */
function xHref(account: string): string | null {
  const direct = safeHref(account);
  if (direct) return direct;
  const handle = account.trim().replace(/^@/, '');
  return /^[A-Za-z0-9_]{1,15}$/.test(handle) ? `https://x.com/${handle}` : null;
}

/** An image we stored (same-origin /uploads/… path) or an https URL from object storage. */
function imageSrc(value: string | null): string | undefined {
  const u = safeUrl(value);
  return u && (u.startsWith('/') || u.startsWith('https://')) ? u : undefined;
}

const linkClass =
  'inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm text-fg-soft hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-to';

function ArchiveButton({ project }: { project: Project }) {
  const archived = project.status === 'archived';
  const change = useSetProjectStatus(project, {
    onSuccess: () => toast.success(archived ? 'Project unarchived' : 'Project archived'),
    onError: (err) => toast.error(errorMessage(err, MSG.admin.error)),
  });
  const Icon = archived ? ArchiveRestore : Archive;
  return (
    <Button
      variant="ghost"
      size="sm"
      className="h-11"
      pending={change.isPending}
      onClick={() => change.mutate(archived ? 'active' : 'archived')}
      aria-label={`${archived ? 'Unarchive' : 'Archive'} ${project.title}`}
    >
      {change.isPending ? null : <Icon aria-hidden="true" />}
      {archived ? 'Unarchive' : 'Archive'}
    </Button>
  );
}

/** Spec §2 project card: banner, logo, title, description, tags, GitHub link, created date. */
export function ProjectCard({ project: p, isOwner }: { project: Project; isOwner: boolean }) {
  const banner = imageSrc(p.bannerUrl);
  const logo = imageSrc(p.logoUrl);
  const github = safeHref(p.githubUrl);
  const website = safeHref(p.website);
  const x = xHref(p.xAccount);
  const titleId = `project-${p.id}`;
  const initials = p.title.trim().slice(0, 2).toUpperCase() || '?';

  return (
    <ListCard titleId={titleId} className={cn('overflow-hidden', p.status === 'archived' && 'opacity-85')}>
      <div className="relative aspect-[2/1] overflow-hidden bg-surface-2">
        {banner ? (
          <img
            src={banner}
            alt=""
            loading="lazy"
            decoding="async"
            width={800}
            height={400}
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          <div className="absolute inset-0 grid place-items-center bg-[radial-gradient(circle_at_30%_20%,rgb(167_139_250/0.16),transparent_60%),radial-gradient(circle_at_80%_90%,rgb(34_211_238/0.12),transparent_55%)]">
            <span className="inline-flex items-center gap-2 text-xs font-medium text-subtle">
              <ImageOff className="size-4" aria-hidden="true" />
              {MSG.project.noBanner}
            </span>
          </div>
        )}
        <div className="absolute right-3 top-3">
          {p.status === 'archived' ? (
            <Badge className="bg-ink/80 backdrop-blur">Archived</Badge>
          ) : (
            <Badge tone="approved" className="bg-ink/80 backdrop-blur">
              Active
            </Badge>
          )}
        </div>
      </div>

      <div className="flex flex-1 flex-col gap-4 p-5 pt-0">
        <div className="relative z-10 -mt-7 flex items-end gap-3">
          {logo ? (
            <img
              src={logo}
              alt={`${p.title} logo`}
              loading="lazy"
              decoding="async"
              width={56}
              height={56}
              className="size-14 shrink-0 rounded-xl border-2 border-surface bg-surface-2 object-cover shadow-lg"
            />
          ) : (
            <span
              className="grid size-14 shrink-0 place-items-center rounded-xl border-2 border-surface bg-accent-gradient text-lg font-semibold text-ink shadow-lg"
              aria-hidden="true"
            >
              {initials}
            </span>
          )}
          {p.ownerName ? (
            <p className="min-w-0 truncate pb-0.5 text-xs text-muted">
              by <ProfileName name={p.ownerName} linked={p.ownerProfile} className="text-fg-soft" />
            </p>
          ) : null}
        </div>

        <div className="grid gap-1.5">
          <h2 id={titleId} className="break-words text-lg font-semibold leading-snug tracking-tight text-fg">
            {p.title}
          </h2>
          <p className="line-clamp-3 whitespace-pre-line break-words text-sm leading-6 text-muted">
            {p.description}
          </p>
        </div>

        <TagList tags={p.tags} label="Tags" tone="saved" />

        <div className="mt-auto grid gap-2 border-t border-line pt-3">
          <div className="-mx-2 flex flex-wrap items-center">
            {github ? (
              <a href={github} {...externalLinkProps} className={linkClass}>
                <GitHubIcon className="size-4" />
                GitHub
                <span className="sr-only"> of {p.title} (opens in a new tab)</span>
              </a>
            ) : (
              <span className="inline-flex min-h-11 items-center gap-1.5 px-2 text-sm text-subtle">
                <GitHubIcon className="size-4 opacity-60" />
                {MSG.project.noGithub}
              </span>
            )}
            {website ? (
              <a href={website} {...externalLinkProps} className={linkClass}>
                <Globe className="size-4" aria-hidden="true" />
                Website
                <span className="sr-only"> of {p.title} (opens in a new tab)</span>
              </a>
            ) : null}
            {x ? (
              <a href={x} {...externalLinkProps} className={linkClass} aria-label={`${p.title} on X`}>
                <XIcon className="size-4" />
              </a>
            ) : null}
          </div>
          <div className="flex items-center justify-between gap-2">
            <p className="inline-flex items-center gap-1.5 text-xs text-muted">
              <CalendarDays className="size-3.5" aria-hidden="true" />
              <span className="sr-only">Created</span>
              {p.createdAt ? <When at={p.createdAt} as="date" /> : 'N/A'}
            </p>
            {isOwner ? <ArchiveButton project={p} /> : null}
          </div>
        </div>
      </div>
    </ListCard>
  );
}

export function ProjectCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-surface" aria-hidden="true">
      <Skeleton className="aspect-[2/1] rounded-none" />
      <div className="grid gap-4 p-5 pt-0">
        <Skeleton className="relative z-10 -mt-7 size-14 rounded-xl border-2 border-surface bg-surface-3" />
        <SkeletonBars className="grid gap-2" bars={['h-5 w-2/3', 'h-3.5 w-full', 'h-3.5 w-5/6']} />
        <SkeletonBars className="flex gap-1.5" bars={['h-6 w-16 rounded-full', 'h-6 w-20 rounded-full']} />
        <SkeletonBars
          className="flex justify-between border-t border-line pt-4"
          bars={['h-4 w-24', 'h-4 w-20']}
        />
      </div>
    </div>
  );
}
