import type { SheetCutoff } from '@backline/contract/reports/master-sheet';
import { addDays } from '@backline/contract/core/periods';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceField } from '@/components/ui/choice-field';
import { Dialog } from '@/components/ui/dialog';
import { FormActions } from '@/components/ui/form-actions';
import { TextField } from '@/components/ui/text-field';
import { formatDay } from '@/lib/format';
import { toast } from '@/stores/toast-store';
import { useSetSheetCutoff } from '../api/set-sheet-cutoff';

// Any Monday names the weekdays: day 1 is the Monday after the week, 7 the Sunday.
const A_MONDAY = '2026-11-23';
const DAYS = [1, 2, 3, 4, 5, 6, 7];

const timeOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

interface CutoffDialogProps {
  cutoff: SheetCutoff;
  locale: string;
  onClose: () => void;
}

/** When the site's weeks close (the master's choice); a week already closed stays closed. */
export function CutoffDialog({ cutoff, locale, onClose }: CutoffDialogProps) {
  const { t } = useTranslation();
  const mutation = useSetSheetCutoff();
  const [day, setDay] = useState(cutoff.Day);
  const [time, setTime] = useState(timeOf(cutoff.Minute));
  const parts = /^(\d{2}):(\d{2})$/.exec(time);
  const minute = parts ? Number(parts[1]) * 60 + Number(parts[2]) : null;
  const [tried, setTried] = useState(false);

  const save = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (minute === null || mutation.isPending) return;
    mutation.mutate(
      { cutoff: { Day: day, Minute: minute } },
      {
        onSuccess: () => {
          toast.success(t('masterSheet.cutoff.saved'));
          onClose();
        },
      },
    );
  };

  return (
    <Dialog title={t('masterSheet.cutoff.title')} onClose={onClose}>
      <form className="deal-form" onSubmit={save} noValidate>
        <p className="deal-form__wide deal-panel__note">{t('masterSheet.cutoff.intro')}</p>
        <ChoiceField
          label={t('masterSheet.cutoff.day')}
          value={day}
          onChange={setDay}
          choices={DAYS.map((d) => ({
            value: d,
            label: t('masterSheet.cutoff.dayAfter', {
              day: formatDay(addDays(A_MONDAY, d - 1), locale, { weekday: 'long' }),
            }),
          }))}
        />
        <TextField
          label={t('masterSheet.cutoff.time')}
          type="time"
          value={time}
          hint={t('masterSheet.cutoff.timeHint')}
          error={tried && minute === null ? t('masterSheet.cutoff.timeRequired') : null}
          onChange={(e) => setTime(e.target.value)}
        />
        <FormActions
          block="deal-form"
          error={mutation.error}
          submitLabel={mutation.isPending ? t('payments.saving') : t('masterSheet.cutoff.save')}
          pending={mutation.isPending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
