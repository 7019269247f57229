import type { Profile } from '@nuvem/contracts/profiles';
import { ImageUpIcon, Trash2Icon } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonVariants } from '@/components/ui/button';
import { useFormat } from '@/lib/format';
import { failureMessage, notify } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useRemoveAvatar } from '../api/remove-avatar';
import { useUploadAvatar } from '../api/upload-avatar';
import { avatarAccept, avatarFileProblem, avatarMaxMiB } from '../lib/avatar-file';

interface AvatarControlsProps {
  profile: Profile;
  /** After a photo was uploaded or removed. */
  onSaved?: (() => void) | undefined;
}

/** The owner's avatar upload (checked here for type and size, then by the server) and removal. */
export function AvatarControls({ profile, onSaved }: AvatarControlsProps) {
  const { t } = useTranslation('profiles');
  const f = useFormat();
  const inputId = useId();
  const hintId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const busy = upload.isPending || remove.isPending;
  const size = f.number(avatarMaxMiB);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again fires change again
    if (!file) return;
    const found = avatarFileProblem(file);
    setProblem(found ? t(`avatar.${found}`, { size }) : null);
    if (found) return;
    upload.mutate(file, {
      onSuccess: () => {
        notify.success(t('avatar.updated'));
        onSaved?.();
      },
      onError: (error) => setProblem(failureMessage(t('avatar.uploadFailed'), error)),
    });
  }

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <input
          id={inputId}
          type="file"
          accept={avatarAccept}
          className="peer sr-only"
          aria-describedby={hintId}
          disabled={busy}
          onChange={choose}
        />
        <label
          htmlFor={inputId}
          className={cn(
            buttonVariants({ variant: 'outline', size: 'sm' }),
            'peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-disabled:pointer-events-none peer-disabled:opacity-50',
          )}
        >
          <ImageUpIcon aria-hidden="true" />
          {upload.isPending ? t('avatar.uploading') : t('avatar.upload')}
        </label>
        {profile.avatar && (
          <Button
            variant="ghost"
            size="sm"
            disabled={busy}
            onClick={() => {
              setProblem(null);
              remove.mutate(undefined, {
                onSuccess: () => onSaved?.(),
                onError: (error) => setProblem(failureMessage(t('avatar.removeFailed'), error)),
              });
            }}
          >
            <Trash2Icon aria-hidden="true" />
            {t('avatar.remove')}
          </Button>
        )}
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {t('avatar.hint', { size })}
      </p>
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}
