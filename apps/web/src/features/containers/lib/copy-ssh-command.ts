import { toast } from '@/components/ui/sonner';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';

/** Copies a container's SSH command and says so (spec 8); a refused clipboard says that instead. */
export async function copySshCommand(command: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(command);
    toast.success(i18n.t('containers:actions.copied'), { description: i18n.t('containers:actions.copiedDescription') });
  } catch {
    notify.error(i18n.t('containers:actions.copyRefused'));
  }
}
