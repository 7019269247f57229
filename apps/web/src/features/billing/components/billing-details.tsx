import type { TaxProfile } from '@nuvem/contracts/billing';
import { Loader2Icon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingSkeletons } from '@/components/load-state';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/sonner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
import { applyServerErrors, useContractForm } from '@/lib/forms';
import { errorMessage } from '@/lib/notify';
import { useTaxProfile } from '../api/get-tax-profile';
import { useUpdateTaxProfile } from '../api/update-tax-profile';
import { vatRate } from '../lib/charge-lines';
import {
  countryOptions,
  isBillingCountry,
  sortedCountries,
  taxProfileFields,
  taxProfileFormSchema,
  taxProfileFormValues,
} from '../lib/tax-profile-form';
import { BillingLoadError, Panel, Row } from './billing-panel';

/**
 * The billing details (country, VAT number, name, address) that decide the VAT and go on the
 * invoices. `manage` false (a role without billing:manage in an organisation): shown, not editable.
 */
export function BillingDetailsSection({ manage = true }: { manage?: boolean }) {
  const { t } = useTranslation('billing', { keyPrefix: 'account.details' });
  const profile = useTaxProfile();
  return (
    <Panel title={t('title')}>
      <p className="text-sm text-muted-foreground">{t('intro')}</p>
      {profile.isPending ? (
        <LoadingSkeletons label={t('loading')} blocks={['h-9 w-full', 'h-9 w-full', 'h-20 w-full']} />
      ) : profile.isError ? (
        <BillingLoadError title={t('loadError')} error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <>
          <VatNow profile={profile.data} />
          <TaxProfileForm profile={profile.data} readOnly={!manage} />
        </>
      )}
    </Panel>
  );
}

/** What the saved details mean for VAT now, and that plan prices do not include it. */
function VatNow({ profile }: { profile: TaxProfile }) {
  const { t } = useTranslation('billing', { keyPrefix: 'account.details' });
  const f = useFormat();
  return (
    <dl className="flex flex-col gap-1 text-sm">
      <Row term={t('applies')}>
        <span data-testid="billing-vat-treatment">
          {t(`treatment.${profile.tax_treatment}`, { rate: f.number(vatRate(profile.tax_rate_bp), 2) })}
        </span>
      </Row>
      {!profile.prices_include_vat && <p className="text-xs text-muted-foreground">{t('pricesExcludeVat')}</p>}
    </dl>
  );
}

const selectClasses =
  'flex h-9 w-full cursor-pointer rounded-md border border-input bg-glass px-3 py-1 text-sm shadow-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive [&>option]:bg-popover [&>option]:text-popover-foreground';

function TaxProfileForm({ profile, readOnly }: { profile: TaxProfile; readOnly: boolean }) {
  const { t } = useTranslation('billing', { keyPrefix: 'account.details' });
  const { t: tRoot } = useTranslation();
  const f = useFormat();
  const schema = useMemo(
    () =>
      taxProfileFormSchema({
        country: t('errors.country'),
        vatFormat: (country, prefix) => t('errors.vatFormat', { country, prefix }),
        vatOutsideEu: t('errors.vatOutsideEu'),
      }),
    [t],
  );
  const form = useContractForm(schema, { defaultValues: taxProfileFormValues(profile), mode: 'onSubmit' });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const save = useUpdateTaxProfile({
    onSuccess: (saved) => {
      // The server's own writing of the details (the VAT number with its country prefix).
      form.reset(taxProfileFormValues(saved));
      toast.success(t('saved'));
    },
  });
  const { t: tBilling } = useTranslation('billing');
  const countries = useMemo(
    () =>
      sortedCountries(
        countryOptions(profile.country),
        (code) => (isBillingCountry(code) ? tBilling(`countries.${code}`) : code),
        f.locale,
      ),
    [profile.country, f.locale, tBilling],
  );

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    save.mutate(values, {
      onError: (error) => {
        if (applyServerErrors(error, form.setError, tRoot, { fields: taxProfileFields })) return;
        // A refusal of the VAT number without field details still goes beside it.
        if (error instanceof ApiError && error.status === 400 && /VAT/i.test(error.code ?? '')) {
          form.setError('vatNumber', { type: 'server', message: error.message }, { shouldFocus: true });
          return;
        }
        setFailure(errorMessage(error, ''));
      },
    });
  });

  // Registered in the order the fields appear: the first invalid one takes the focus.
  const fields = {
    country: form.register('country'),
    vatNumber: form.register('vatNumber'),
    name: form.register('name'),
    address: form.register('address'),
  };

  return (
    <form
      noValidate
      aria-label={t('title')}
      aria-busy={save.isPending || undefined}
      data-testid="tax-profile-form"
      onSubmit={(event) => void submit(event)}
    >
      {/* Disabled as a whole for a role that may read but not edit the details (no Save either). */}
      <fieldset disabled={readOnly} className="m-0 grid min-w-0 gap-4 border-0 p-0 sm:grid-cols-2">
        <FormField label={t('country')} error={errors.country?.message} required>
          {(control) => (
            // A native select: reliable with every keyboard, screen reader and phone picker.
            <select {...control} {...fields.country} autoComplete="country" className={selectClasses}>
              <option value="">{t('chooseCountry')}</option>
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label={t('vatNumber')}
          hint={profile.vat_number_checked_online ? undefined : t('vatNumberHint')}
          error={errors.vatNumber?.message}
        >
          {(control) => <Input {...control} {...fields.vatNumber} autoComplete="off" spellCheck={false} />}
        </FormField>
        <FormField label={t('name')} error={errors.name?.message} className="sm:col-span-2">
          {(control) => <Input {...control} {...fields.name} autoComplete="organization" />}
        </FormField>
        <FormField label={t('address')} error={errors.address?.message} className="sm:col-span-2">
          {(control) => <Textarea {...control} {...fields.address} rows={3} autoComplete="street-address" />}
        </FormField>
        {failure !== null && (
          <div
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm sm:col-span-2"
          >
            <p className="font-medium">{t('saveFailed')}</p>
            {failure && <p className="text-muted-foreground">{failure}</p>}
          </div>
        )}
        {!readOnly && (
          <div className="sm:col-span-2">
            <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
              {save.isPending && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
              {save.isPending ? t('saving') : t('save')}
            </Button>
          </div>
        )}
      </fieldset>
    </form>
  );
}
