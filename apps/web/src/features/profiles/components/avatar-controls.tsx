import type { Profile } from '@nuvem/contracts/profiles';
import { ImageUpIcon, Trash2Icon } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { errorMessage, notify } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useRemoveAvatar } from '../api/remove-avatar';
import { useUploadAvatar } from '../api/upload-avatar';
import { avatarAccept, avatarFileProblem } from '../lib/avatar-file';
import { profileTexts } from './profile-texts';

/** The owner's avatar upload (checked here for type and size, then by the server) and removal. */
export function AvatarControls({ profile }: { profile: Profile }) {
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const busy = upload.isPending || remove.isPending;

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again fires change again
    if (!file) return;
    const found = avatarFileProblem(file);
    setProblem(found);
    if (found) return;
    upload.mutate(file, {
      onSuccess: () => notify.success('Profile photo updated'),
      onError: (error) => setProblem(errorMessage(error, 'The photo could not be uploaded')),
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
          {upload.isPending ? 'Uploading…' : profileTexts.uploadPhoto}
        </label>
        {profile.avatar && (
          <Button
            variant="ghost"
            size="sm"
            disabled={busy}
            onClick={() => {
              setProblem(null);
              remove.mutate(undefined, {
                onError: (error) => setProblem(errorMessage(error, 'The photo could not be removed')),
              });
            }}
          >
            <Trash2Icon aria-hidden="true" />
            {profileTexts.removePhoto}
          </Button>
        )}
      </div>
      <p className="text-xs text-muted-foreground">PNG, JPEG or WebP, at most 2 MiB.</p>
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}
