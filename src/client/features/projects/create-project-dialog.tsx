import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Tag } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { MSG } from '../../../shared/messages';
import { createProjectSchema, parseTags } from '../../../shared/schemas/projects';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { createProject, PROJECTS_KEY, type UploadProgress } from './api';
import { ImagePicker } from './image-picker';

type FormValues = {
  title: string;
  description: string;
  githubUrl: string;
  website: string;
  xAccount: string;
  tags: string;
};
type Parsed = z.output<typeof createProjectSchema>;

const EMPTY: FormValues = { title: '', description: '', githubUrl: '', website: '', xAccount: '', tags: '' };

/** The shared schema: spec messages, checked on trimmed text, exactly as the server checks. */
const resolver = zodResolver(createProjectSchema) as unknown as Resolver<FormValues, unknown, Parsed>;

/** UI copy (not in the spec's catalogue). */
const CREATED = 'Project created!';

/** The server's explanation for a refusal (validation, role, size); the spec's alert otherwise. */
function failureMessage(err: unknown): string {
  if (err instanceof ApiError && err.fromServer && err.status >= 400 && err.status < 500) return err.message;
  return MSG.project.createFailed;
}

function ProgressBar({ progress }: { progress: UploadProgress | null }) {
  const pct =
    progress && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;
  const processing = pct >= 100;
  return (
    <div className="grid gap-2" aria-live="polite">
      <div className="flex items-center justify-between text-xs text-muted">
        <span>{processing ? 'Processing images…' : 'Uploading…'}</span>
        <span className="tabular-nums">{pct}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="h-2 overflow-hidden rounded-full bg-surface-3"
      >
        <div
          className="h-full rounded-full bg-accent-gradient transition-[width] duration-200"
          style={{ width: `${pct}%` }}
        />
      </div>
    </div>
  );
}

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
  const queryClient = useQueryClient();
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const [banner, setBanner] = useState<File | null>(null);
  const [logo, setLogo] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm<FormValues, unknown, Parsed>({ defaultValues: EMPTY, resolver });
  const tags = parseTags(useWatch({ control, name: 'tags' }));

  const create = useMutation({
    mutationFn: async (values: Parsed) => {
      const form = new FormData();
      form.set('title', values.title);
      form.set('description', values.description);
      form.set('website', values.website);
      form.set('xAccount', values.xAccount);
      if (values.githubUrl) form.set('githubUrl', values.githubUrl);
      form.set('tags', values.tags.join(','));
      if (logo) form.set('logo', logo, logo.name);
      if (banner) form.set('banner', banner, banner.name);
      abortRef.current = new AbortController();
      setProgress({ loaded: 0, total: 1 });
      return createProject(form, { onProgress: setProgress, signal: abortRef.current.signal });
    },
    onSuccess: () => {
      toast.success(CREATED);
      void queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
      onOpenChange(false);
    },
    onError: (err) => {
      if (err instanceof DOMException && err.name === 'AbortError') return; // the user cancelled
      const message = failureMessage(err);
      setFailure(message);
      toast.error(message);
    },
    onSettled: () => {
      abortRef.current = null;
      setProgress(null);
    },
  });

  // A fresh form each time the modal opens; a closed modal never keeps uploading.
  const { reset: resetMutation } = create;
  useEffect(() => {
    if (open) return;
    abortRef.current?.abort();
    reset(EMPTY);
    setBanner(null);
    setLogo(null);
    setFailure(null);
    resetMutation();
  }, [open, reset, resetMutation]);

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    create.mutate(values);
  });
  const busy = create.isPending;
  const optional = <span className="font-normal text-subtle">(optional)</span>;

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
          <Field
            id={id('title')}
            label="Title"
            placeholder="Orbit Swap"
            maxLength={200}
            disabled={busy}
            error={errors.title?.message}
            {...register('title')}
          />
          <div className="grid gap-2">
            <Label htmlFor={id('description')}>Description</Label>
            <Textarea
              id={id('description')}
              rows={3}
              maxLength={5000}
              placeholder="What does it do, and for whom?"
              disabled={busy}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? `${id('description')}-error` : undefined}
              {...register('description')}
            />
            {errors.description?.message ? (
              <p id={`${id('description')}-error`} className="text-xs font-medium text-declined">
                {errors.description.message}
              </p>
            ) : null}
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              id={id('website')}
              label="Website URL"
              type="url"
              inputMode="url"
              placeholder="https://orbitswap.xyz"
              disabled={busy}
              error={errors.website?.message}
              {...register('website')}
            />
            <Field
              id={id('github')}
              label={<>GitHub URL {optional}</>}
              type="url"
              inputMode="url"
              placeholder="https://github.com/orbit-swap"
              disabled={busy}
              error={errors.githubUrl?.message}
              {...register('githubUrl')}
            />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              id={id('x')}
              label="Official X Account"
              placeholder="@orbitswap"
              maxLength={200}
              disabled={busy}
              error={errors.xAccount?.message}
              {...register('xAccount')}
            />
            <div className="grid content-start gap-3">
              <Field
                id={id('tags')}
                label="Tags"
                placeholder="DeFi, DEX, Cross-chain"
                hint="Comma separated."
                maxLength={1000}
                disabled={busy}
                error={errors.tags?.message}
                {...register('tags')}
              />
              {tags.length > 0 ? (
                <ul className="flex flex-wrap gap-1.5" aria-label="Tags to be saved">
                  {tags.map((t) => (
                    <li
                      key={t.toLowerCase()}
                      className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-accent-from/30 bg-accent-from/10 px-2.5 py-1 text-xs font-medium text-accent-from"
                    >
                      <Tag className="size-3 shrink-0" aria-hidden="true" />
                      <span className="truncate">{t}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
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

          {/* Sticky, so progress, errors and the actions stay in view however far the form scrolls. */}
          <div className="sticky -bottom-6 z-10 -mx-6 -mb-6 grid gap-3 border-t border-line bg-surface/95 px-6 py-4 backdrop-blur">
            {busy && (logo || banner) ? <ProgressBar progress={progress} /> : null}
            {failure ? <Alert>{failure}</Alert> : null}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="ghost" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" pending={busy} className="sm:min-w-32">
                {busy ? null : <Plus aria-hidden="true" />}
                {busy ? 'Creating…' : 'Create'}
              </Button>
            </div>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
