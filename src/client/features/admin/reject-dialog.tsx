import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';

export const REASON_MAX = 1000;

/** Asks for an optional reason before a rejection; the applicant reads it in the e-mail and the app. */
export function RejectDialog({
  name,
  open,
  onOpenChange,
  onConfirm,
}: {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (reason: string) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setReason('');
        onOpenChange(next);
      }}
    >
      <DialogContent
        title={`Reject “${name}”?`}
        description="The applicant gets an e-mail and can apply again after 24 hours."
      >
        <form
          className="grid gap-5"
          onSubmit={(e) => {
            e.preventDefault();
            onConfirm(reason.trim());
            setReason('');
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={id}>
              Reason <span className="font-normal text-subtle">(optional)</span>
            </Label>
            <Textarea
              id={id}
              rows={4}
              maxLength={REASON_MAX}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder="What should the startup improve before applying again?"
              aria-describedby={`${id}-count`}
            />
            <p id={`${id}-count`} className="text-right text-xs tabular-nums text-subtle">
              {reason.length}/{REASON_MAX}
            </p>
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="danger">
              Reject application
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
