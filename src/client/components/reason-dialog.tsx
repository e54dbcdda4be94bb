import { type ReactNode, useState } from 'react';
import { DECISION_NOTE_MAX } from '@/shared/limits';
import { ReasonField } from './reason-field';
import { Button } from './ui/button';
import { Dialog, DialogClose, DialogContent } from './ui/dialog';

/**
 * Confirms a decision with a free-text reason or message (optional unless `required`),
 * with a character count; the text is trimmed before `onConfirm` and cleared on close.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  onConfirm,
  title,
  description,
  label,
  required = false,
  maxLength = DECISION_NOTE_MAX,
  placeholder,
  confirmLabel,
  confirmIcon,
  tone = 'primary',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (text: string) => void;
  title: string;
  description?: string;
  /** The field's label; "(optional)" is added unless `required`. */
  label: string;
  required?: boolean;
  maxLength?: number;
  placeholder?: string;
  confirmLabel: string;
  confirmIcon?: ReactNode;
  tone?: 'primary' | 'danger';
}) {
  const [text, setText] = useState('');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setText('');
        onOpenChange(next);
      }}
    >
      <DialogContent title={title} description={description}>
        <form
          className="grid gap-5"
          onSubmit={(e) => {
            e.preventDefault();
            const value = text.trim();
            if (required && !value) return;
            onConfirm(value);
            setText('');
          }}
        >
          <ReasonField
            label={
              <>
                {label}
                {required ? null : (
                  <>
                    {' '}
                    <span className="font-normal text-subtle">(optional)</span>
                  </>
                )}
              </>
            }
            length={text.length}
            maxLength={maxLength}
            required={required}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={placeholder}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant={tone}>
              {confirmIcon}
              {confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
