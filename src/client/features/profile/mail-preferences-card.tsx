import { SettingsCard } from '@/client/components/settings-card';
import { Checkbox } from '@/client/components/ui/checkbox';
import { errorMessage } from '@/client/lib/api';
import { useSession } from '@/client/lib/session';
import { toast } from '@/client/lib/toast';
import { NOTIFICATION_CATEGORY_LABELS } from '@/shared/lists';
import { MSG } from '@/shared/messages';
import { mailCategoriesFor } from '@/shared/rules/mail-preferences';
import type { MailPreferences } from '@/shared/schemas/notifications';
import { useMailPreferences } from './api';

/** E-mail on/off per notification category (issue 19). The inbox keeps every notification either way. */
export function MailPreferencesCard({ prefs }: { prefs: MailPreferences }) {
  const save = useMailPreferences({
    onSuccess: () => toast.success(MSG.inbox.mailSaved),
    onError: (err) => toast.error(errorMessage(err)),
  });
  const current = save.isPending && save.variables ? save.variables : prefs;
  const role = useSession().user?.role ?? '';
  return (
    <SettingsCard title={MSG.inbox.mailTitle} intro={MSG.inbox.mailIntro}>
      <ul className="mt-4 grid gap-1">
        {mailCategoriesFor(role, prefs).map((c) => (
          <li key={c}>
            <label className="flex min-h-11 cursor-pointer items-center justify-between gap-4 rounded-lg px-1 text-sm text-fg-soft">
              {NOTIFICATION_CATEGORY_LABELS[c]}
              <Checkbox
                checked={current[c]}
                disabled={save.isPending}
                onChange={(e) => save.mutate({ ...current, [c]: e.target.checked })}
              />
            </label>
          </li>
        ))}
      </ul>
    </SettingsCard>
  );
}
