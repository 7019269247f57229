import { sandboxCards } from '@nuvem/contracts/billing';
import { FlaskConicalIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { formatCardNumber } from '../lib/card-input';

/**
 * Says plainly that payments are the sandbox's: test mode, nothing is charged, and the test card
 * to pay with. `label` and `text` come from the caller (the pricing page speaks Portuguese).
 */
export function SandboxNotice({ label, text, className }: { label: string; text: string; className?: string }) {
  return (
    <div
      role="note"
      aria-label={label}
      className={cn(
        'flex items-start gap-3 rounded-lg border border-warning/40 bg-warning/10 p-3 text-left text-sm',
        className,
      )}
    >
      <FlaskConicalIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
      <p className="min-w-0 flex-1">
        <strong>{label}</strong> — {text}
      </p>
    </div>
  );
}

/** The card that succeeds in the sandbox, as printed: '4242 4242 4242 4242'. */
export const sandboxSuccessCard = formatCardNumber(sandboxCards.succeeds);
export const sandboxDeclinedCard = formatCardNumber(sandboxCards.declined);
