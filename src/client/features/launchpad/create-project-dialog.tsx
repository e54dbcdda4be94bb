import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { DraftNotice } from '@/client/components/draft-notice';
import { FormActions, FormFooter } from '@/client/components/form-actions';
import { Optional } from '@/client/components/optional';
import { Dialog, DialogContent } from '@/client/components/ui/dialog';
import { Field, TextareaField, UrlField } from '@/client/components/ui/field';
import { UploadProgress } from '@/client/components/upload-progress';
import { errorFields, maxLengthOf, useSchemaForm } from '@/client/lib/form';
import { useDraftFiles, useFormDraft } from '@/client/lib/form-draft';
import { refusalMessage } from '@/client/lib/refusal-message';
import { toast } from '@/client/lib/toast';
import { MSG } from '@/shared/messages';
import { createProjectSchema, parseTags } from '@/shared/schemas/projects';
import { myApplicationQuery, myFirstProjectQuery, useCreateProject } from './api';
import { ImagePicker } from './image-picker';
import { TagList } from './tag-list';

const limit = maxLengthOf(createProjectSchema);

const EMPTY = { title: '', description: '', githubUrl: '', website: '', xAccount: '', tags: '' };

/** UI copy (not in the spec's catalogue). */
const CREATED = 'Project created!';

/**
 * A startup's first project starts from what its approved application said (name, website,
 * GitHub, X), so nobody types them twice; never over anything already typed (the draft's reset
 * puts the member's edits back over it), and never for a later project.
 */
function useFirstProjectFromApplication(open: boolean, reset: (values: typeof EMPTY) => void) {
  const application = useQuery({ ...myApplicationQuery, enabled: open });
  const first = useQuery({ ...myFirstProjectQuery, enabled: open });
  const approved = application.data?.latest?.status === 'approved' ? application.data.latest : null;
  const none = first.data?.projects.length === 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening, when both answers are in (not again as the user types)
  useEffect(() => {
    if (!open || !approved || !none) return;
    reset({
      ...EMPTY,
      title: approved.name,
      website: approved.website,
      githubUrl: approved.github,
      xAccount: approved.xAccount ?? '',
    });
  }, [open, approved, none]);
}

/** The server's explanation for a refusal (validation, role, size); the spec's alert otherwise. */
/**
 * Spec §2 create-project modal: Title, Description, GitHub URL (optional), Website
 * URL, Official X Account, Tags (comma separated), Banner Image and Logo Image
 * with previews; Cancel and Create.
 */
export function CreateProjectDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  // The shared schema: spec messages, checked on trimmed text, exactly as the server checks.
  const form = useSchemaForm(createProjectSchema, { defaultValues: EMPTY });
  // What the member typed survives closing the dialog (Escape, Cancel) until it is sent or discarded.
  const draft = useFormDraft(form, { form: 'create-project', active: open });
  const [banner, setBanner] = useDraftFiles<File | null>(draft, 'banner', null);
  const [logo, setLogo] = useDraftFiles<File | null>(draft, 'logo', null);
  useFirstProjectFromApplication(open, draft.reset);
  const { field: errorField } = errorFields(form);
  const tags = parseTags(useWatch({ control: form.control, name: 'tags' }));

  const create = useCreateProject({
    onSuccess: () => {
      draft.clear();
      toast.success(CREATED);
      onOpenChange(false);
    },
    onError: (err) => {
      if (err instanceof DOMException && err.name === 'AbortError') return; // the user cancelled
      const message = refusalMessage(err, MSG.project.createFailed);
      setFailure(message); // said in the dialog, not again in a toast
    },
    onSettled: () => {
      abortRef.current = null;
      setProgress(null);
    },
  });

  // Each opening starts from the empty form and the kept draft (put back by useFormDraft); a
  // closed modal never keeps uploading. The picked images stay with the draft.
  const { reset } = form;
  const { reset: resetMutation } = create;
  useEffect(() => {
    if (open) return;
    abortRef.current?.abort();
    reset(EMPTY);
    setFailure(null);
    resetMutation();
  }, [open, reset, resetMutation]);

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    abortRef.current = new AbortController();
    setProgress(0);
    create.mutate({ values, logo, banner, onProgress: setProgress, signal: abortRef.current.signal });
  });
  const busy = create.isPending;
  /** An input of the form: its schema message, and it waits while the project is sent. */
  const field = (name: Parameters<typeof errorField>[0]) => ({ ...errorField(name), disabled: busy });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Create Project"
        description="Publish your project in the discovery zone."
        className="sm:max-w-2xl"
        onInteractOutside={(e) => {
          // A stray click outside must not throw away a form (or an upload) in progress.
          e.preventDefault();
        }}
      >
        <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-busy={busy || undefined}>
          <DraftNotice draft={draft} disabled={busy} />
          <Field label="Title" placeholder="Orbit Swap" maxLength={limit('title')} {...field('title')} />
          <TextareaField
            label="Description"
            rows={3}
            maxLength={limit('description')}
            placeholder="What does it do, and for whom?"
            {...field('description')}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <UrlField label="Website URL" placeholder="https://orbitswap.xyz" {...field('website')} />
            <UrlField
              label={<Optional>GitHub URL</Optional>}
              placeholder="https://github.com/orbit-swap"
              {...field('githubUrl')}
            />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              label="Official X Account"
              placeholder="@orbitswap"
              maxLength={limit('xAccount')}
              {...field('xAccount')}
            />
            <div className="grid content-start gap-3">
              <Field
                label="Tags"
                placeholder="DeFi, DEX, Cross-chain"
                hint="Comma separated."
                maxLength={limit('tags')}
                {...field('tags')}
              />
              <TagList tags={tags} label="Tags to be saved" tone="draft" />
            </div>
          </div>
          <div className="grid gap-5 sm:grid-cols-[1fr_12rem]">
            <ImagePicker
              label="Banner Image"
              shape="banner"
              file={banner}
              onChange={setBanner}
              disabled={busy}
            />
            <ImagePicker label="Logo Image" shape="logo" file={logo} onChange={setLogo} disabled={busy} />
          </div>

          <FormFooter sticky>
            {busy && (logo || banner) ? <UploadProgress fraction={progress ?? 0} /> : null}
            <FormActions
              busy={busy}
              problem={failure}
              onCancel={() => onOpenChange(false)}
              icon={<Plus aria-hidden="true" />}
              label="Create"
              busyLabel="Creating…"
              className="sm:min-w-32"
            />
          </FormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
