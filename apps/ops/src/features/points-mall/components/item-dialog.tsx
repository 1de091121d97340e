import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { MALL_ITEM_KINDS, OpsMallItemInputSchema, type OpsMallItem, type OpsMallItemInput } from '@platform/contracts';
import { Dialog } from '@/components/dialog';
import { FormError, SelectField, SubmitButton, TextAreaField, TextField } from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { createMallItem, mallKeys, updateMallItem } from '../api/points-api';

type ItemForm = {
  kind: OpsMallItemInput['kind'];
  name: string;
  nameTy: string;
  description: string;
  pricePoints: string;
  value: string;
  turnoverMultiple: string;
  stock: string;
  perMemberLimit: string;
  status: 'ACTIVE' | 'HIDDEN';
};

const numberOf = (value: string): number => Number(value.trim() === '' ? NaN : value);
const numberOrNull = (value: string): number | null => (value.trim() === '' ? null : Number(value));

const toInput = (f: ItemForm): OpsMallItemInput => ({
  kind: f.kind,
  name: f.name.trim(),
  nameTy: f.nameTy.trim() === '' ? null : f.nameTy.trim(),
  description: f.description.trim(),
  pricePoints: numberOf(f.pricePoints),
  value: f.kind === 'GOODS' ? '0' : f.value.trim(),
  turnoverMultiple: f.kind === 'BONUS' ? numberOf(f.turnoverMultiple) : 0,
  stock: numberOrNull(f.stock),
  perMemberLimit: numberOrNull(f.perMemberLimit),
  status: f.status,
});

const ItemFormSchema = z
  .custom<ItemForm>()
  .transform(toInput)
  .pipe(OpsMallItemInputSchema as unknown as z.ZodType<OpsMallItemInput, OpsMallItemInput>) as unknown as z.ZodType<
  OpsMallItemInput,
  ItemForm
>;

const formOf = (item: OpsMallItem | null): ItemForm => ({
  kind: item?.kind ?? 'BONUS',
  name: item?.name ?? '',
  nameTy: item?.nameTy ?? '',
  description: item?.description ?? '',
  pricePoints: item?.pricePoints ?? '',
  value: item && item.kind !== 'GOODS' ? item.value : '',
  turnoverMultiple: String(item?.turnoverMultiple ?? 3),
  stock: item?.stock === null || item === null ? '' : String(item.stock),
  perMemberLimit: item?.perMemberLimit == null ? '' : String(item.perMemberLimit),
  status: item?.status ?? 'ACTIVE',
});

/** Create or edit a mall item (issue 21): kind, name (English, and Filipino if given), price in points, what it gives, stock and a per-member limit. */
export function ItemDialog({ item, onClose }: { item: OpsMallItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(ItemFormSchema, formOf(item));
  const submit = useFormSubmit(form, (values) => (item ? updateMallItem(item.id, values) : createMallItem(values)), {
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: mallKeys.all });
      showToast(t(item ? 'pointsMall.itemUpdated' : 'pointsMall.itemCreated', { name: saved.name }));
      onClose();
    },
  });
  const kind = form.watch('kind');
  const field = (name: keyof ItemForm, label: string, extra: object = {}) => (
    <TextField
      label={t(label)}
      testId={`item-${name}`}
      error={submit.fieldError(name)}
      {...extra}
      {...form.register(name)}
    />
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !submit.busy && onClose()}
      title={t(item ? 'pointsMall.editItem' : 'pointsMall.newItem')}
      description={t('pointsMall.itemHint')}
      testId="item-dialog"
    >
      <form className="form" noValidate onSubmit={(event) => void submit.onSubmit(event)}>
        <div className="form__grid">
          <SelectField
            label={t('pointsMall.kind')}
            required
            testId="item-kind"
            options={MALL_ITEM_KINDS.map((value) => ({ value, label: t(`pointsMall.kinds.${value}`) }))}
            error={submit.fieldError('kind')}
            {...form.register('kind')}
          />
          <SelectField
            label={t('pointsMall.status')}
            testId="item-status"
            options={(['ACTIVE', 'HIDDEN'] as const).map((value) => ({
              value,
              label: t(`pointsMall.itemStatus.${value}`),
            }))}
            {...form.register('status')}
          />
        </div>
        <div className="form__grid">
          {field('name', 'pointsMall.name', { required: true })}
          {field('nameTy', 'pointsMall.nameTy', { hint: t('pointsMall.nameTyHint') })}
        </div>
        <TextAreaField
          label={t('pointsMall.description')}
          testId="item-description"
          rows={2}
          error={submit.fieldError('description')}
          {...form.register('description')}
        />
        <div className="form__grid">
          {field('pricePoints', 'pointsMall.price', { inputMode: 'numeric', required: true })}
          {kind !== 'GOODS' && field('value', 'pointsMall.value', { inputMode: 'decimal', required: true })}
          {kind === 'BONUS' && field('turnoverMultiple', 'pointsMall.turnover', { inputMode: 'numeric' })}
          {field('stock', 'pointsMall.stock', { inputMode: 'numeric', hint: t('pointsMall.noLimit') })}
          {field('perMemberLimit', 'pointsMall.perMember', { inputMode: 'numeric', hint: t('pointsMall.noLimit') })}
        </div>
        <FormError message={submit.formError} testId="item-error" />
        <SubmitButton busy={submit.busy} label={t('common.save')} testId="item-save" />
      </form>
    </Dialog>
  );
}
