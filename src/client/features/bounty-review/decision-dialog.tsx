import { Check, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';

export const MESSAGE_MAX = 1000;

/**
 * Approve or reject with an optional message: it is stored as the request's
 * adminMessage, shown to the requester and sent in the decision e-mail.
 */
export function DecisionDialog({
  action,
  title,
  open,
  onOpenChange,
  onConfirm,
}: {
  action: 'approve' | 'reject';
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (message: string) => void;
}) {
  const id = useId();
  const [message, setMessage] = useState('');
  const approve = action === 'approve';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setMessage('');
        onOpenChange(next);
      }}
    >
      <DialogContent
        title={`${approve ? 'Approve' : 'Reject'} “${title}”?`}
        description={
          approve
            ? 'It goes live on the bounty board at once, and the requester gets an e-mail.'
            : 'The requester gets an e-mail. They can send a new request 24 hours after this one.'
        }
      >
        <form
          className="grid gap-5"
          onSubmit={(e) => {
            e.preventDefault();
            onConfirm(message.trim());
            setMessage('');
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={id}>
              Message to the requester <span className="font-normal text-subtle">(optional)</span>
            </Label>
            <Textarea
              id={id}
              rows={4}
              maxLength={MESSAGE_MAX}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              placeholder={
                approve
                  ? 'Anything applicants or the requester should know.'
                  : 'What should change before asking again?'
              }
              aria-describedby={`${id}-count`}
            />
            <p id={`${id}-count`} className="text-right text-xs tabular-nums text-subtle">
              {message.length}/{MESSAGE_MAX}
            </p>
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant={approve ? 'primary' : 'danger'}>
              {approve ? <Check aria-hidden="true" /> : <X aria-hidden="true" />}
              {approve ? 'Approve request' : 'Reject request'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
