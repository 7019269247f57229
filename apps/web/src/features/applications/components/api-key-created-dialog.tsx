import type { QueryClient } from '@tanstack/react-query';
import { CheckIcon, CopyIcon, TriangleAlertIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { notify } from '@/lib/notify';

/** A key just issued (created or rotated): held only until the user confirms they saved it. */
export interface IssuedApiKey {
  name: string;
  key: string;
}

/**
 * Drops a creation or rotation reply (it holds the full key) from the mutation cache, where it
 * would otherwise stay for the cache's gc time after the key was shown.
 */
export function forgetIssuedKey(queryClient: QueryClient, reply: unknown): void {
  const cache = queryClient.getMutationCache();
  for (const mutation of cache.findAll({ predicate: (m) => m.state.data === reply })) cache.remove(mutation);
}

const COPIED_FOR_MS = 2000;

export interface ApiKeyCreatedDialogProps {
  /** The key to show; null keeps the dialog closed. */
  issued: IssuedApiKey | null;
  /** "I've Saved the Key": the caller drops the key from memory. */
  onDone: () => void;
  /** Where focus goes once the dialog has closed (its opener may be gone by then). */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Spec 2: the one-time display of a new key. The full key exists nowhere else in the app, so the
 * dialog only closes through its button: a stray click outside or Escape would lose it for good.
 */
export function ApiKeyCreatedDialog({ issued, onDone, onCloseAutoFocus }: ApiKeyCreatedDialogProps) {
  return (
    <Dialog
      open={issued !== null}
      onOpenChange={(open) => {
        if (!open) onDone();
      }}
    >
      <DialogContent
        showClose={false}
        onEscapeKeyDown={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        {issued && <IssuedKey key={issued.key} issued={issued} onDone={onDone} />}
      </DialogContent>
    </Dialog>
  );
}

function IssuedKey({ issued, onDone }: { issued: IssuedApiKey; onDone: () => void }) {
  const { t } = useTranslation(['applications', 'common']);
  const fieldId = useId();
  const warningId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    navigator.clipboard.writeText(issued.key).then(
      () => setCopied(true),
      () => {
        // Leave the key selected so it can be copied by hand.
        fieldRef.current?.select();
        notify.error(t('keyCreated.copyFailed'));
      },
    );
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('keyCreated.title')}</DialogTitle>
        <DialogDescription>{t('keyCreated.description', { name: issued.name })}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={fieldId}>{t('keyCreated.field')}</Label>
        <div className="flex gap-2">
          <Input
            ref={fieldRef}
            id={fieldId}
            readOnly
            value={issued.key}
            aria-describedby={warningId}
            spellCheck={false}
            autoComplete="off"
            className="font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="outline" onClick={copy} className="min-w-24">
            {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
            {copied ? t('common:actions.copied') : t('common:actions.copy')}
          </Button>
        </div>
        <p role="status" className="sr-only">
          {copied ? t('common:actions.copied') : ''}
        </p>
      </div>
      <p
        id={warningId}
        className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm text-warning"
      >
        <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <Trans
            t={t}
            i18nKey="keyCreated.warning"
            values={{ header: `Authorization: Bearer <${t('keyCreated.keyWord')}>` }}
            components={{ code: <code className="font-mono" /> }}
          />
        </span>
      </p>
      <DialogFooter>
        <Button onClick={onDone}>{t('keyCreated.done')}</Button>
      </DialogFooter>
    </>
  );
}
