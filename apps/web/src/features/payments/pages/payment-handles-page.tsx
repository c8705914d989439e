import { useFieldArray } from 'react-hook-form';
import { PlusIcon, WalletIcon } from '@heroicons/react/24/outline';
import { MAX_PAYMENT_METHODS, type PaymentMethod } from '@outing/contract';
import { ServerFormShell } from '@/components/form/server-form-shell';
import { useServerForm } from '@/components/form/use-server-form';
import { EmptyState, ErrorState, LoadingState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/hooks/use-auth';
import { useToast } from '@/hooks/use-toast';
import { isApiError } from '@/lib/api-error';
import { useT } from '@/lib/i18n/use-t';
import { usePaymentMethods } from '../api/get-payment-methods';
import { savePaymentMethods } from '../api/save-payment-methods';
import { useQueryClient } from '@tanstack/react-query';
import { paymentKeys } from '@/lib/query-keys';
import { HandleFields, type HandleRow, type HandlesValues } from '../components/handle-fields';
import { saveErrorMessage } from '../messages';

const toRows = (methods: PaymentMethod[]): HandleRow[] =>
  methods.map((m) => ({ kind: m.kind, value: m.value, name: m.name ?? '' }));

/** A 400's `2.value` names the third handle's value field. */
function fieldFor(path: string): `methods.${number}.${'value' | 'name' | 'kind'}` | null {
  const match = /^(\d+)\.(value|name|kind)$/.exec(path);
  return match ? `methods.${Number(match[1])}.${match[2] as 'value' | 'name' | 'kind'}` : null;
}

function HandlesForm({ userId, initial }: { userId: number; initial: PaymentMethod[] }) {
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { form, serverError, refuse, submit } = useServerForm<HandlesValues>({ methods: toRows(initial) });
  const {
    control,
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const { fields, append, remove, move } = useFieldArray({ control, name: 'methods' });
  const full = fields.length >= MAX_PAYMENT_METHODS;

  const onSubmit = submit(async ({ methods }) => {
    let stored: PaymentMethod[];
    try {
      stored = await savePaymentMethods(
        userId,
        methods.map((m) => ({
          kind: m.kind,
          value: m.value.trim(),
          ...(m.name.trim() ? { name: m.name.trim() } : {}),
        })),
      );
    } catch (error) {
      const onFields =
        isApiError(error) && error.status === 400 && error.issues.some((i) => fieldFor(i.path));
      refuse(error, onFields ? t('payments.handles.fixFields') : saveErrorMessage(error), fieldFor);
      return;
    }
    queryClient.setQueryData(paymentKeys.methods(userId), stored);
    // The server's normalised form (upper-case IBAN, no spaces) replaces what was typed.
    form.reset({ methods: toRows(stored) });
    toast.success(t('payments.handles.saved'));
  });

  return (
    <ServerFormShell
      onSubmit={onSubmit}
      serverError={serverError}
      busy={isSubmitting}
      submitLabel={t('payments.handles.save')}
    >
      {fields.length === 0 ? (
        <EmptyState icon={WalletIcon} title={t('payments.handles.empty')}>
          {t('payments.handles.emptyBody')}
        </EmptyState>
      ) : (
        <ol className="flex flex-col gap-3" aria-label={t('payments.handles.listLabel')}>
          {fields.map((field, index) => (
            <li key={field.id}>
              <HandleFields
                index={index}
                count={fields.length}
                register={register}
                watch={watch}
                errors={errors}
                onMove={(to) => move(index, to)}
                onRemove={() => remove(index)}
              />
            </li>
          ))}
        </ol>
      )}
      <button
        type="button"
        disabled={full}
        onClick={() =>
          append({ kind: 'paynow', value: '', name: '' }, { focusName: `methods.${fields.length}.value` })
        }
        className="inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-surface px-5 text-base font-semibold text-brand-700 dark:text-brand-300 ring-1 ring-brand-200 dark:ring-brand-800 transition hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 disabled:opacity-60"
      >
        <PlusIcon aria-hidden="true" className="size-5" />
        {t('payments.handles.add')}
      </button>
      {full && (
        <p className="text-sm text-slate-600">{t('payments.handles.max', { max: MAX_PAYMENT_METHODS })}</p>
      )}
    </ServerFormShell>
  );
}

/** `/profile/payments`: the user's payment handles (issue #19), shown to the people who owe them money. */
export default function PaymentHandlesPage() {
  const t = useT();
  const { user } = useAuth();
  const methods = usePaymentMethods(user.id);
  let body;
  if (methods.isPending) body = <LoadingState label={t('payments.handles.loading')} />;
  else if (methods.isError)
    body = <ErrorState message={t('payments.handles.loadFailed')} onRetry={() => void methods.refetch()} />;
  else body = <HandlesForm userId={user.id} initial={methods.data} />;
  return (
    <>
      <PageHeader title={t('payments.handles.title')} back />
      <div className="flex flex-col gap-4 px-4 py-6 min-[360px]:px-6">
        <p className="rounded-xl bg-brand-50 dark:bg-brand-950/40 px-4 py-3 text-sm text-brand-900 dark:text-brand-300 ring-1 ring-brand-100 dark:ring-brand-800">
          {t('payments.handles.note')}
        </p>
        {body}
      </div>
    </>
  );
}
