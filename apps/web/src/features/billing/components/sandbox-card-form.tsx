import { sandboxPayBodySchema, type SandboxPayBody, type SandboxSession } from '@nuvem/contracts/billing';
import { formatMoney } from '@nuvem/contracts/pricing';
import { CircleAlertIcon, CreditCardIcon, Loader2Icon, LockIcon } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/sonner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
import { applyServerErrors, useContractForm } from '@/lib/forms';
import { errorMessage } from '@/lib/notify';
import { useCancelSandboxSession } from '../api/cancel-sandbox-session';
import { useOrderOnce } from '../api/get-order';
import { usePaySandboxSession } from '../api/pay-sandbox-session';
import {
  cardNumberProblem,
  cvcProblem,
  digitsOf,
  expiryProblem,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  futureExpiry,
} from '../lib/card-input';
import { followableUrl } from '../lib/plan-purchase';
import { OrderSummary, TestCards } from './sandbox-checkout-parts';
import { useItemName } from './use-item-name';

const cardFields = ['cardNumber', 'expiry', 'cvc', 'name'] as const;

/** The provider's card refusals (Stripe's codes) and the field each is about. */
const cardErrorFields = {
  incomplete_number: ['cardNumber', 'errors.cardNumber'],
  incorrect_number: ['cardNumber', 'errors.cardNumber'],
  invalid_expiry: ['expiry', 'errors.expiry'],
  expired_card: ['expiry', 'errors.expired'],
  incomplete_cvc: ['cvc', 'errors.cvc'],
} as const;

function cardErrorField(code: string | undefined) {
  return code !== undefined && Object.hasOwn(cardErrorFields, code)
    ? cardErrorFields[code as keyof typeof cardErrorFields]
    : null;
}

/** The return address of the session, when it is a web address (never a `javascript:` one). */
function cancelHref(url: string): string {
  return followableUrl(url, window.location.origin) ?? paths.pricing.getHref();
}

/**
 * What the session sells, named in the page's language, and 'Renews every month until you cancel
 * it' for a subscription (nothing for an add-on).
 */
function useSessionItem(session: SandboxSession): { name: string; renewal: string | null } {
  const { t } = useTranslation('billing', { keyPrefix: 'checkout' });
  const nameOf = useItemName();
  // The session does not say what it sells beyond its description; its order's codes do.
  const order = useOrderOnce(session.order_id);
  const name = order.data ? nameOf(order.data) : session.description;
  if (order.data?.kind !== 'subscription' || !order.data.period) return { name, renewal: null };
  return { name, renewal: t(`summary.renews.${order.data.period}`) };
}

export function CheckoutForm({ session }: { session: SandboxSession }) {
  const { t } = useTranslation('billing', { keyPrefix: 'checkout' });
  const { t: tRoot } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  // Where to go next is decided with each call itself, not by this form: the form may be gone by
  // the time the reply is read (the page shows the session's new state).
  const pay = usePaySandboxSession(session.id, {
    onSuccess: (reply) => {
      const destination = followableUrl(reply.url, window.location.origin);
      window.location.assign(destination ?? paths.success.getHref(session.order_id));
    },
  });
  // The order is closed on the server ('cancelled by the buyer'), not left to expire as unpaid.
  const cancel = useCancelSandboxSession(session.id, {
    onSuccess: (reply) => goBack(reply.url),
    onError: (error) => {
      // Leaving is what the buyer asked for: the checkout then simply expires.
      toast.error(t('cancelFailed'), { description: errorMessage(error, '') || undefined });
      goBack(session.cancel_url);
    },
  });
  const { name, renewal } = useSessionItem(session);
  const formTitleId = useId();
  const money = (cents: number) => formatMoney(cents, session.currency, f.locale);

  const schema = useMemo(
    () =>
      sandboxPayBodySchema.superRefine((card, ctx) => {
        const problem = (path: (typeof cardFields)[number], message: string) =>
          ctx.addIssue({ code: 'custom', path: [path], message });
        if (cardNumberProblem(card.cardNumber)) problem('cardNumber', t('errors.cardNumber'));
        const expiry = expiryProblem(card.expiry);
        if (expiry) problem('expiry', t(expiry === 'expired' ? 'errors.expired' : 'errors.expiry'));
        if (cvcProblem(card.cvc)) problem('cvc', t('errors.cvc'));
      }),
    [t],
  );
  const form = useContractForm(schema, {
    defaultValues: { cardNumber: '', expiry: '', cvc: '', name: '' },
    // An empty name says what to write, as the other fields do (not a bare 'Fill in this field').
    fieldMessages: (field) => (field === 'name' ? t('errors.name') : undefined),
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((card) => {
    pay.mutate(
      { ...card, cardNumber: digitsOf(card.cardNumber) },
      {
        onError: (error) => {
          // A refusal about one field goes beside it (in the language in use), not in the alert.
          const known = error instanceof ApiError ? cardErrorField(error.code) : null;
          if (known) {
            form.setError(known[0], { type: 'server', message: t(known[1]) }, { shouldFocus: true });
            pay.reset();
          } else if (applyServerErrors(error, form.setError, tRoot, { fields: cardFields })) pay.reset();
        },
      },
    );
  });

  const declined = pay.error instanceof ApiError && pay.error.code === 'card_declined';
  const failure = pay.error ? (declined ? t('declined') : errorMessage(pay.error, t('failed'))) : null;
  // After a success the browser is leaving for the result page: the button stays busy until then.
  const busy = pay.isPending || pay.isSuccess;
  const leaving = cancel.isPending || cancel.isSuccess;

  /** Back to where the buyer came from; the portal's own pages without reloading it. */
  function goBack(url: string) {
    const target = new URL(cancelHref(url), window.location.origin);
    if (target.origin === window.location.origin) void navigate(`${target.pathname}${target.search}${target.hash}`);
    else window.location.assign(target.href);
  }

  const leave = () => cancel.mutate();

  /** A test card fills the whole form: one click, then Pay. */
  function fillTestCard(number: string) {
    const validate = { shouldValidate: form.formState.isSubmitted };
    form.setValue('cardNumber', number, validate);
    form.setValue('expiry', futureExpiry(), validate);
    form.setValue('cvc', '123', validate);
    if (form.getValues('name').trim() === '') form.setValue('name', t('testCards.name'), validate);
  }

  return (
    <div className="grid items-start gap-6 md:grid-cols-2">
      <OrderSummary session={session} name={name} renewal={renewal} money={money} />

      <section aria-labelledby={formTitleId} className="glass flex flex-col gap-5 rounded-xl p-6">
        <h2 id={formTitleId} className="flex items-center gap-2 text-lg font-semibold">
          <CreditCardIcon aria-hidden="true" className="size-5 text-primary" />
          {t('form.title')}
        </h2>
        <form
          aria-labelledby={formTitleId}
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => void submit(event)}
        >
          <CardField
            form={form}
            name="cardNumber"
            label={t('form.cardNumber')}
            format={formatCardNumber}
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            className="font-mono tracking-wider"
          />
          <div className="grid grid-cols-2 gap-3">
            <CardField
              form={form}
              name="expiry"
              label={t('form.expiry')}
              format={formatExpiry}
              autoComplete="cc-exp"
              placeholder={t('form.expiryPlaceholder')}
            />
            <CardField
              form={form}
              name="cvc"
              label={t('form.cvc')}
              format={formatCvc}
              autoComplete="cc-csc"
              placeholder="123"
            />
          </div>
          <FormField label={t('form.name')} error={errors.name?.message} required>
            {(control) => <Input {...control} {...form.register('name')} autoComplete="cc-name" />}
          </FormField>

          {failure && (
            <div
              role="alert"
              className="flex items-start gap-2 rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm"
            >
              <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
              <p>
                <strong>{failure}</strong>
                {declined && <span className="block text-muted-foreground">{t('declinedHint')}</span>}
              </p>
            </div>
          )}

          <Button type="submit" size="lg" disabled={busy || leaving} aria-busy={busy || undefined}>
            {busy ? (
              <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
            ) : (
              <LockIcon aria-hidden="true" />
            )}
            {busy ? t('form.processing') : t('form.pay', { amount: money(session.total_cents) })}
          </Button>
          <Button
            type="button"
            variant="link"
            size="sm"
            className="self-center text-sm text-muted-foreground hover:text-foreground"
            disabled={busy || leaving}
            aria-busy={leaving || undefined}
            onClick={leave}
          >
            {leaving && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
            {leaving ? t('form.cancelling') : t('form.cancel')}
          </Button>
        </form>

        <TestCards onUse={fillTestCard} />
      </section>
    </div>
  );
}

interface CardFieldProps {
  form: UseFormReturn<SandboxPayBody>;
  name: 'cardNumber' | 'expiry' | 'cvc';
  label: string;
  /** Writes what was typed the way the card shows it ('4242 4242 …', 'MM/YY'). */
  format: (typed: string) => string;
  autoComplete: string;
  placeholder: string;
  className?: string;
}

/** A numeric card field that formats as the buyer types. */
function CardField({ form, name, label, format, autoComplete, placeholder, className }: CardFieldProps) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField label={label} error={fieldState.error?.message} required>
          {(control) => (
            <Input
              {...control}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(format(event.target.value))}
              inputMode="numeric"
              autoComplete={autoComplete}
              placeholder={placeholder}
              className={className}
            />
          )}
        </FormField>
      )}
    />
  );
}
