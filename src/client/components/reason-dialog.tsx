import type { ReactNode } from 'react';
import { lazyDialog } from './lazy-dialog';

export type ReasonDialogProps = {
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
  /** One-tap texts that fill the field (still editable), with the row's label. */
  templates?: { label: string; texts: readonly string[] };
};

/**
 * Confirms a decision with a free-text reason or message (optional unless `required`),
 * with a character count; the text is trimmed before `onConfirm` and cleared on close.
 * Its code (the dialog library among it) loads when the page is idle or the dialog first
 * opens, not with the admin pages that offer it (lazy-dialog.tsx).
 */
export const ReasonDialog = lazyDialog(
  () => import('./reason-dialog-form').then((m) => m.ReasonDialogForm),
  (p: ReasonDialogProps) => p.open,
);
