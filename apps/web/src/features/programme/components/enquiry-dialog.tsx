import type { ProgrammeOffering } from '@nuvem/contracts/programme';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { ContactInterest } from '../lib/programme-content';
import { EnquiryForm } from './enquiry-form';

export interface EnquiryRequest {
  interest: ContactInterest;
  offering?: ProgrammeOffering;
}

/** The contact form in a modal; it starts afresh each time it opens, with the interest preselected. */
export function EnquiryDialog({ request, onClose }: { request: EnquiryRequest | null; onClose: () => void }) {
  const { t } = useTranslation('programme');
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="sm:max-w-xl"
        onOpenAutoFocus={(event) => {
          // Start at the name, not at the interest already chosen by the button that opened it.
          const name =
            event.currentTarget instanceof HTMLElement ? event.currentTarget.querySelector('input[name="name"]') : null;
          if (name instanceof HTMLElement) {
            event.preventDefault();
            name.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle asChild>
            <h2>{t('enquiry.title')}</h2>
          </DialogTitle>
          <DialogDescription>{t('enquiry.description')}</DialogDescription>
        </DialogHeader>
        {request && <EnquiryForm interest={request.interest} offering={request.offering} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
