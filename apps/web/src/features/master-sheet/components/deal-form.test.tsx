// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DealForm } from './deal-form';

afterEach(cleanup);

// Without a loaded language the labels and messages read as their keys.
const field = (key: string) => screen.getByLabelText(key, { exact: false });
const type = (key: string, text: string) =>
  fireEvent.change(field(`masterSheet.form.${key}`), { target: { value: text } });
const review = () =>
  fireEvent.click(screen.getByRole('button', { name: 'masterSheet.form.review' }));

function renderForm(locale = 'en-US') {
  const onSave = vi.fn();
  render(
    <DealForm
      title="New deal"
      start={null}
      currency="USD"
      locale={locale}
      firstWeek="2026-11-16"
      mutation={{ isPending: false, error: null }}
      onSave={onSave}
    />,
  );
  return onSave;
}

describe('DealForm', () => {
  it('saves nothing until the terms read back are confirmed', () => {
    const onSave = renderForm();
    expect((field('masterSheet.form.fromWeek') as HTMLInputElement).value).toBe('2026-11-16');
    type('percent', '25.5');
    type('headFee', '5.00');
    review();
    const check = screen.getByRole('group', { name: 'masterSheet.form.confirmTitle' });
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.click(within(check).getByRole('button', { name: 'masterSheet.form.save' }));
    expect(onSave).toHaveBeenCalledWith(
      {
        Kind: 'commission',
        Percent: 25.5,
        CasinoPercent: null,
        HorsesPercent: null,
        RedFigure: false,
        HeadFee: 500,
      },
      '2026-11-16',
    );
  });

  it('refuses a fee in another notation and a week that is not an open Monday', () => {
    const onSave = renderForm();
    type('percent', '25');
    type('headFee', '5,00');
    type('fromWeek', '2026-11-17');
    review();
    expect(screen.queryByRole('group', { name: 'masterSheet.form.confirmTitle' })).toBeNull();
    expect(screen.getByText('payments.amountErrors.notation')).toBeTruthy();
    expect(screen.getByText('masterSheet.form.fromWeekMonday')).toBeTruthy();
    type('headFee', '5.00');
    type('fromWeek', '2026-11-09');
    review();
    expect(screen.getByText('masterSheet.form.fromWeekClosed')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('reads the reader’s own notation: 25,5 in es-ES', () => {
    const onSave = renderForm('es-ES');
    type('percent', '25,5');
    type('headFee', '1.234,50');
    review();
    fireEvent.click(screen.getByRole('button', { name: 'masterSheet.form.save' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ Percent: 25.5, HeadFee: 123450 }),
      '2026-11-16',
    );
  });
});
