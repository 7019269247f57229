import { CheckIcon, CopyIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/sonner';
import { notify } from '@/lib/notify';

const COPIED_FEEDBACK_MS = 2000;

/**
 * An icon button that copies `value`; `label` is its accessible name ('Copy client ID'), and
 * `copiedMessage` the text of spec 8's 'Copied!' toast ('Client ID copied to clipboard').
 */
export function CopyButton({ value, label, copiedMessage }: { value: string; label: string; copiedMessage: string }) {
  const { t } = useTranslation(['applications', 'common']);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t('common:actions.copied'), { description: copiedMessage });
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    } catch {
      notify.error(t('copy.failed'));
    }
  }

  return (
    <Button variant="outline" size="icon" aria-label={label} title={label} onClick={() => void copy()}>
      {copied ? <CheckIcon aria-hidden="true" className="text-success" /> : <CopyIcon aria-hidden="true" />}
    </Button>
  );
}
