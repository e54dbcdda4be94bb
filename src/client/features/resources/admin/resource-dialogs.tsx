import { Save, Trash2 } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/client/components/ui/dialog';
import type { Resource } from '@/shared/schemas/resources';
import { ResourceForm, type Values } from './resource-form';

/** Editing one resource: the add form's fields, filled in. */
export function EditDialog({
  resource,
  categories,
  onOpenChange,
  onSave,
}: {
  resource: Resource | null;
  categories: string[];
  onOpenChange: (open: boolean) => void;
  onSave: (id: string, v: Values) => Promise<unknown>;
}) {
  return (
    <Dialog open={!!resource} onOpenChange={onOpenChange}>
      {resource ? (
        <DialogContent title="Edit resource" description={resource.title} className="sm:max-w-xl">
          <ResourceForm
            key={resource.id}
            initial={{ title: resource.title, category: resource.category, link: resource.link }}
            categories={categories}
            submitLabel="Save changes"
            pendingLabel="Saving…"
            icon={<Save aria-hidden="true" />}
            onSubmit={(v) => onSave(resource.id, v)}
            onCancel={() => onOpenChange(false)}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** Deleting one resource, after a confirmation. */
export function DeleteDialog({
  resource,
  onOpenChange,
  onConfirm,
  pending,
}: {
  resource: Resource | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: (r: Resource) => void;
  pending: boolean;
}) {
  return (
    <Dialog open={!!resource} onOpenChange={(o) => !pending && onOpenChange(o)}>
      {resource ? (
        <DialogContent
          title={`Delete “${resource.title}”?`}
          description="It disappears from the Resources page for everyone. This can't be undone."
        >
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="ghost" disabled={pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="danger" pending={pending} onClick={() => onConfirm(resource)}>
              {pending ? null : <Trash2 aria-hidden="true" />}
              Delete resource
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
