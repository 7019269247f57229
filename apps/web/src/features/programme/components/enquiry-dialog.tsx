import type { ProgrammeOffering } from '@nuvem/contracts/programme';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { enquiryCopy, type ContactInterest } from '../lib/programme-content';
import { EnquiryForm } from './enquiry-form';

export interface EnquiryRequest {
  interest: ContactInterest;
  offering?: ProgrammeOffering;
}

/** The contact form in a modal; it starts afresh each time it opens, with the interest preselected. */
export function EnquiryDialog({ request, onClose }: { request: EnquiryRequest | null; onClose: () => void }) {
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
            <h2>{enquiryCopy.title}</h2>
          </DialogTitle>
          <DialogDescription>{enquiryCopy.description}</DialogDescription>
        </DialogHeader>
        {request && <EnquiryForm interest={request.interest} offering={request.offering} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
