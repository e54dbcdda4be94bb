import { useState } from 'react';
import { DECISION_NOTE_MAX } from '@/shared/limits';
import { MODERATION_MSG } from '@/shared/messages-moderation';
import { QuickPicks, textPicks } from './quick-picks';
import type { ReasonDialogProps } from './reason-dialog';
import { ReasonField } from './reason-field';
import { Button } from './ui/button';
import { Dialog, DialogClose, DialogContent } from './ui/dialog';

/** The dialog itself, loaded when it first opens (./reason-dialog.tsx). */
export function ReasonDialogForm({
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
  templates,
}: ReasonDialogProps) {
  const [text, setText] = useState('');
  // A required reason left empty is said under the field, in the app's words (not the browser's bubble).
  const [missing, setMissing] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setText('');
          setMissing(false);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent title={title} description={description}>
        <form
          noValidate
          className="grid gap-5"
          onSubmit={(e) => {
            e.preventDefault();
            const value = text.trim();
            if (required && !value) {
              setMissing(true);
              e.currentTarget.querySelector('textarea')?.focus();
              return;
            }
            onConfirm(value);
            setText('');
          }}
        >
          {templates ? (
            <QuickPicks
              label={templates.label}
              picks={textPicks(templates.texts)}
              current={text}
              onPick={setText}
            />
          ) : null}
          <ReasonField
            label={
              <>
                {label}{' '}
                <span className="font-normal text-subtle">{required ? '(required)' : '(optional)'}</span>
              </>
            }
            length={text.length}
            maxLength={maxLength}
            required={required}
            aria-required={required || undefined}
            error={missing && !text.trim() ? MODERATION_MSG.reasonRequired : undefined}
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
