import { ExternalLink, Library, PencilLine, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { EmptyState } from '@/client/components/empty-state';
import { LabelledSection } from '@/client/components/labelled-section';
import { lazyDialog } from '@/client/components/lazy-dialog';
import { PageFrame } from '@/client/components/page-frame';
import { PAGE_HEADS } from '@/client/components/page-heads';
import { Loading, LoadMore } from '@/client/components/query-states';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { formatDate } from '@/client/lib/format';
import { toast } from '@/client/lib/toast';
import { safeHref } from '@/shared/links';
import { MSG } from '@/shared/messages';
import type { Resource } from '@/shared/schemas/resources';
import { ALL_RESOURCES, useDeleteResource, useFreshResources, useResources, useSaveResource } from '../api';
import { EMPTY, failure, ResourceForm } from './resource-form';

// The edit and delete dialogs (and the dialog library) load once the page is up, or at the first open.
const dialogs = () => import('./resource-dialogs');
const chosen = (p: { resource: Resource | null }) => p.resource !== null;
const EditDialog = lazyDialog(() => dialogs().then((m) => m.EditDialog), chosen);
const DeleteDialog = lazyDialog(() => dialogs().then((m) => m.DeleteDialog), chosen);

/**
 * The categories in use: the server's list, and those of resources added or edited since it
 * came (the list is patched in place), without case or space duplicates, in order.
 */
function categoriesOf(known: string[], shown: Resource[]): string[] {
  const seen = new Map<string, string>();
  for (const name of [...known, ...shown.map((r) => r.category.trim())]) {
    const key = name.toLowerCase();
    if (name && !seen.has(key)) seen.set(key, name);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}

/** The admin's resource library: add, edit and delete (issue 6; the spec gives resources no source). */
export function AdminResourcesPage() {
  const paged = useResources(ALL_RESOURCES);
  const list = paged.first;
  useFreshResources();
  const [editing, setEditing] = useState<Resource | null>(null);
  const [deleting, setDeleting] = useState<Resource | null>(null);
  const all = paged.items;
  const categories = categoriesOf(paged.categories, all);

  // The forms show a failure beside themselves (they await the save); the list updates in api.ts.
  const save = useSaveResource({
    onSuccess: ({ resource }, { id }) => {
      if (id) setEditing(null);
      toast.success(id ? 'Resource updated.' : `Added “${resource.title}”.`);
    },
  });
  const remove = useDeleteResource({
    onSuccess: (_res, r) => {
      setDeleting(null);
      toast.success(`Deleted “${r.title}”.`);
    },
    onError: (err) => toast.error(failure(err)),
  });

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <Loading label="Loading resources" count={3} className="grid gap-3">
        <Skeleton className="h-20 rounded-2xl" />
      </Loading>
    );
  } else if (list.isError) {
    body = <Alert>{failure(list.error)}</Alert>;
  } else if (all.length === 0) {
    body = (
      <EmptyState
        icon={<Library />}
        title="No resources yet"
        description="Add the first one above: it appears on the Resources page at once."
      />
    );
  } else {
    body = (
      <>
        <ul className="grid gap-3" aria-label="All resources">
          {all.map((r) => {
            const href = safeHref(r.link);
            return (
              <li
                key={r.id}
                className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-center sm:gap-4 sm:p-5"
              >
                <div className="grid min-w-0 flex-1 gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="rounded-full border border-line bg-surface-2 px-2.5 py-0.5 text-xs font-medium text-fg-soft">
                      {r.category}
                    </span>
                    <span className="text-xs text-subtle">
                      {MSG.resource.uploaded} {formatDate(r.uploadedAt)}
                    </span>
                  </div>
                  <p className="break-words font-medium text-fg">{r.title}</p>
                  {href ? (
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex min-w-0 max-w-full items-center gap-1 text-sm text-accent-to underline-offset-4 hover:underline"
                    >
                      <span className="truncate">{href.replace(/^https?:\/\//, '')}</span>
                      <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  ) : (
                    <span className="text-sm text-declined">{MSG.resource.invalidLink}</span>
                  )}
                </div>
                <div className="flex gap-2">
                  <Button variant="secondary" onClick={() => setEditing(r)} aria-label={`Edit ${r.title}`}>
                    <PencilLine aria-hidden="true" />
                    Edit
                  </Button>
                  <Button variant="danger" onClick={() => setDeleting(r)} aria-label={`Delete ${r.title}`}>
                    <Trash2 aria-hidden="true" />
                    Delete
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
        <LoadMore label="Load more resources" pages={paged} />
      </>
    );
  }

  return (
    <PageFrame head={PAGE_HEADS['/admin/resources']}>
      <section
        aria-labelledby="add-resource"
        className="grid gap-4 rounded-2xl border border-line bg-surface p-5 sm:p-6"
      >
        <h2 id="add-resource" className="text-base font-semibold text-fg">
          Add a resource
        </h2>
        <ResourceForm
          initial={EMPTY}
          categories={categories}
          submitLabel="Add resource"
          pendingLabel="Adding…"
          icon={<Plus aria-hidden="true" />}
          onSubmit={(input) => save.mutateAsync({ input })}
        />
      </section>
      <LabelledSection
        title={
          <>
            Library{' '}
            {list.data ? (
              <span className="tabular-nums text-subtle">
                ({all.length}
                {paged.hasMore ? '+' : ''})
              </span>
            ) : null}
          </>
        }
      >
        {body}
      </LabelledSection>
      <EditDialog
        resource={editing}
        categories={categories}
        onOpenChange={(o) => !o && setEditing(null)}
        onSave={(id, input) => save.mutateAsync({ id, input })}
      />
      <DeleteDialog
        resource={deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        onConfirm={(r) => remove.mutate(r)}
        pending={remove.isPending}
      />
    </PageFrame>
  );
}
