import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { MSG } from '../../../shared/messages';
import { type Bounty, bountyApplySchema } from '../../../shared/schemas/bounties';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { ApiError, errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { applyToBounty } from './api';

const PITCH_MAX = 2000;

export type ApplyOutcome = 'applied' | 'already-applied' | 'expired';

/**
 * The apply action the spec leaves out: what you will do, and an optional link
 * (a draft, a portfolio). One application per bounty; the requester and the
 * admin read it.
 */
export function ApplyDialog({
  bounty,
  onOpenChange,
  onDone,
}: {
  bounty: Bounty | null;
  onOpenChange: (open: boolean) => void;
  onDone: (bounty: Bounty, outcome: ApplyOutcome) => void;
}) {
  const ids = useId();
  const [pitch, setPitch] = useState('');
  const [link, setLink] = useState('');
  const [error, setError] = useState<{ field: 'pitch' | 'link' | null; message: string } | null>(null);

  const apply = useMutation({
    mutationFn: ({ id, body }: { id: string; body: { pitch: string; link?: string } }) =>
      applyToBounty(id, body),
  });
  const { reset: resetMutation } = apply;

  // A fresh form for every bounty.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the bounty changes
  useEffect(() => {
    setPitch('');
    setLink('');
    setError(null);
    resetMutation();
  }, [bounty?.id, resetMutation]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!bounty) return;
    const parsed = bountyApplySchema.safeParse({ pitch, link });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError({
        field: issue?.path[0] === 'link' ? 'link' : 'pitch',
        message: issue?.message ?? MSG.common.invalidInput,
      });
      return;
    }
    setError(null);
    const body = { pitch: parsed.data.pitch, ...(parsed.data.link ? { link: parsed.data.link } : {}) };
    apply.mutate(
      { id: bounty.id, body },
      {
        onSuccess: () => onDone(bounty, 'applied'),
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'ALREADY_APPLIED')
            return onDone(bounty, 'already-applied');
          if (err instanceof ApiError && err.code === 'EXPIRED') return onDone(bounty, 'expired');
          setError({ field: null, message: errorMessage(err) });
        },
      },
    );
  };

  const pitchId = `${ids}-pitch`;
  const busy = apply.isPending;
  return (
    <Dialog open={!!bounty} onOpenChange={(o) => !busy && onOpenChange(o)}>
      {bounty ? (
        <DialogContent
          title={`Apply for “${bounty.title}”`}
          description={`Reward: ${bounty.reward}. Tell the team how you would deliver it. You can apply once.`}
          onInteractOutside={(e) => e.preventDefault()}
        >
          <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={busy || undefined}>
            <div className="grid gap-2">
              <Label htmlFor={pitchId}>What will you do?</Label>
              <Textarea
                id={pitchId}
                rows={5}
                maxLength={PITCH_MAX}
                value={pitch}
                disabled={busy}
                onChange={(e) => setPitch(e.target.value)}
                placeholder="Your plan, what you will deliver and by when."
                aria-invalid={error?.field === 'pitch' ? true : undefined}
                aria-describedby={`${pitchId}-count${error?.field === 'pitch' ? ` ${pitchId}-error` : ''}`}
              />
              <div className="flex items-start justify-between gap-3">
                {error?.field === 'pitch' ? (
                  <p id={`${pitchId}-error`} className="text-xs font-medium text-declined">
                    {error.message}
                  </p>
                ) : (
                  <span />
                )}
                <p
                  id={`${pitchId}-count`}
                  className={cn(
                    'shrink-0 text-xs tabular-nums text-subtle',
                    pitch.length >= PITCH_MAX && 'text-pending',
                  )}
                >
                  {pitch.length}/{PITCH_MAX}
                </p>
              </div>
            </div>
            <Field
              id={`${ids}-link`}
              label={
                <>
                  Link <span className="font-normal text-subtle">(optional)</span>
                </>
              }
              type="url"
              inputMode="url"
              placeholder="https://github.com/you/draft"
              value={link}
              disabled={busy}
              maxLength={500}
              onChange={(e) => setLink(e.target.value)}
              hint="A draft, a repository or earlier work."
              error={error?.field === 'link' ? error.message : undefined}
            />
            {error && error.field === null ? <Alert>{error.message}</Alert> : null}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" pending={busy} className="sm:min-w-40">
                {busy ? null : <Send aria-hidden="true" />}
                {busy ? 'Sending…' : 'Send application'}
              </Button>
            </div>
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
