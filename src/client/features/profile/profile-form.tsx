import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { FormActions } from '@/client/components/form-actions';
import { Field, type FieldProps, UrlField } from '@/client/components/ui/field';
import { Label } from '@/client/components/ui/label';
import { Select } from '@/client/components/ui/select';
import { Textarea } from '@/client/components/ui/textarea';
import { ApiError } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { errorFields, useSchemaForm } from '@/client/lib/form';
import { timeZoneChoices } from '@/client/lib/time-zone';
import { toast } from '@/client/lib/toast';
import { MSG } from '@/shared/messages';
import type { Me } from '@/shared/schemas/account';
import { PROFILE_LIMITS, profileUpdateSchema } from '@/shared/schemas/profile';
import { useSaveProfile } from './api';

/** The server's validation message when it gave one, else the spec's 'Failed to update profile'. */
export function saveErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.fromServer && err.status === 400) return err.message;
  return MSG.profile.failed;
}

/** A social handle as typed: just the name, so no autofill, capitals or spell check. */
function HandleField(props: FieldProps) {
  return <Field autoComplete="off" autoCapitalize="none" spellCheck={false} {...props} />;
}

/**
 * Spec §2 Profile edit form: bio, twitterHandle, githubHandle, personalWebsite
 * with 'Save Changes' / 'Cancel'. The shared zod schema checks as you type (after
 * the first submit) and the server checks again; an empty field clears it.
 */
export function ProfileForm({
  me,
  onSaved,
  onCancel,
}: {
  me: Me;
  onSaved: (me: Me) => void;
  onCancel: () => void;
}) {
  const form = useSchemaForm(profileUpdateSchema, {
    defaultValues: {
      bio: me.bio ?? '',
      twitterHandle: me.twitterHandle ?? '',
      githubHandle: me.githubHandle ?? '',
      personalWebsite: me.personalWebsite ?? '',
      // The zone the record goes to (a pending change counts): saving unchanged changes nothing.
      timeZone: me.pendingTimeZone?.timeZone ?? me.timeZone,
    },
  });
  const zones = useMemo(() => timeZoneChoices(me.timeZone, me.pendingTimeZone?.timeZone), [me]);
  const { errors } = form.formState;
  const { field } = errorFields(form);
  const bio = useWatch({ control: form.control, name: 'bio' }) ?? '';

  const save = useSaveProfile({
    onSuccess: (user) => {
      toast.success(MSG.profile.updated);
      onSaved(user);
    },
  });

  // Send what was typed: the server trims, and '' clears a field.
  const onSubmit = form.handleSubmit(() => save.mutate(form.getValues()));

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-labelledby="edit-profile-title">
      <h2 id="edit-profile-title" className="text-lg font-semibold tracking-tight">
        {MSG.profile.editProfile}
      </h2>

      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor="profile-bio">Bio</Label>
          <span
            className={cn(
              'text-xs tabular-nums',
              bio.length > PROFILE_LIMITS.bio ? 'font-medium text-declined' : 'text-subtle',
            )}
            aria-live="polite"
          >
            {bio.length}/{PROFILE_LIMITS.bio}
          </span>
        </div>
        <Textarea
          id="profile-bio"
          rows={4}
          placeholder="What do you build, write or organise?"
          aria-invalid={errors.bio ? true : undefined}
          aria-describedby={errors.bio ? 'profile-bio-error' : undefined}
          className="min-h-28"
          {...form.register('bio')}
        />
        {errors.bio?.message ? (
          <p id="profile-bio-error" className="text-xs font-medium text-declined">
            {errors.bio.message}
          </p>
        ) : null}
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <HandleField
          label="Twitter handle"
          placeholder="sysfilabs"
          hint="Just the handle, no link."
          {...field('twitterHandle')}
        />
        <HandleField
          label="GitHub handle"
          placeholder="octocat"
          hint="Just the username, no link."
          {...field('githubHandle')}
        />
      </div>
      <UrlField
        label="Personal website"
        placeholder="https://example.com"
        autoComplete="url"
        {...field('personalWebsite')}
      />
      <div className="grid gap-2">
        <Label htmlFor="profile-time-zone">{MSG.profile.timeZoneLabel}</Label>
        <Select
          id="profile-time-zone"
          aria-describedby="profile-time-zone-hint"
          aria-invalid={errors.timeZone ? true : undefined}
          {...form.register('timeZone')}
        >
          {zones.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </Select>
        <p id="profile-time-zone-hint" className="text-xs text-subtle">
          {MSG.profile.timeZoneHint}
          {me.pendingTimeZone
            ? ` ${me.pendingTimeZone.timeZone} applies from ${new Date(me.pendingTimeZone.from).toLocaleString()}.`
            : ''}
        </p>
        {errors.timeZone?.message ? (
          <p className="text-xs font-medium text-declined">{errors.timeZone.message}</p>
        ) : null}
      </div>

      <FormActions
        busy={save.isPending}
        problem={save.isError ? saveErrorMessage(save.error) : null}
        onCancel={onCancel}
        cancelLabel={MSG.profile.cancel}
        label={MSG.profile.saveChanges}
        busyLabel="Saving…"
        className=""
      />
    </form>
  );
}
