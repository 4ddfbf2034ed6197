// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterFlags } from './check-field';
import { ChoiceField, EnumFilter } from './choice-field';
import { CodeField, SearchBox, TextField } from './text-field';

afterEach(cleanup);

describe('TextField', () => {
  it('is named by its label and described by its hint', () => {
    render(<TextField label="Login" hint="As on the site" name="login" required />);
    const input = screen.getByRole('textbox', { name: 'Login' });
    expect(input.getAttribute('name')).toBe('login');
    expect(input.hasAttribute('required')).toBe(true);
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByText('As on the site').id);
  });

  it('keeps a description the caller gives when it has no hint', () => {
    render(<TextField label="Find" aria-describedby="elsewhere" fieldClassName="field--grow" />);
    const input = screen.getByRole('textbox', { name: 'Find' });
    expect(input.getAttribute('aria-describedby')).toBe('elsewhere');
    expect(input.closest('.field')?.className).toBe('field field--grow');
  });
});

describe('SearchBox', () => {
  it('is a search that hands back the typed text', () => {
    const onText = vi.fn();
    render(<SearchBox label="Search" value="" onText={onText} />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    expect(box.getAttribute('autocomplete')).toBe('off');
    expect(box.getAttribute('spellcheck')).toBe('false');
    fireEvent.change(box, { target: { value: 'PL1' } });
    expect(onText).toHaveBeenCalledWith('PL1');
  });
});

describe('CodeField', () => {
  it('asks for six digits with the number pad and hands back only the digits', () => {
    const onCode = vi.fn();
    render(<CodeField label="Code" value="" onCode={onCode} />);
    const box = screen.getByRole('textbox', { name: 'Code' });
    expect(box.getAttribute('inputmode')).toBe('numeric');
    expect(box.getAttribute('autocomplete')).toBe('one-time-code');
    expect(box.getAttribute('maxlength')).toBe('6');
    fireEvent.change(box, { target: { value: '12 34-5a6' } });
    expect(onCode).toHaveBeenCalledWith('123456');
  });
});

describe('ChoiceField', () => {
  it('hands back the chosen value as given, a number as a number', () => {
    const onChange = vi.fn();
    const choices = [
      { value: 1, label: 'Today', summary: 'skip' as const },
      { value: 7, label: 'Last week' },
    ];
    render(<ChoiceField label="Period" choices={choices} value={1} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Period' });
    expect(screen.getByRole('option', { name: 'Today' }).getAttribute('data-summary')).toBe('skip');
    expect(screen.getByRole('option', { name: 'Last week' }).hasAttribute('data-summary')).toBe(
      false,
    );
    fireEvent.change(select, { target: { value: '7' } });
    expect(onChange).toHaveBeenCalledWith(7);
  });
});

describe('EnumFilter', () => {
  it('offers "All" first, meaning no filter', () => {
    const onChange = vi.fn();
    render(
      <EnumFilter
        label="Sport"
        values={['NFL', 'NBA']}
        names="sports"
        value="NBA"
        onChange={onChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Sport' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['', 'NFL', 'NBA']);
    expect(select.value).toBe('NBA');
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    fireEvent.change(select, { target: { value: 'NFL' } });
    expect(onChange).toHaveBeenLastCalledWith('NFL');
  });
});

describe('FilterFlags', () => {
  it('shows a check per flag in order and writes back only the one changed', () => {
    const onChange = vi.fn();
    render(
      <FilterFlags
        labels={{ activeOnly: 'Active only', isCurrencyReport: 'In one currency' }}
        values={{ activeOnly: true, isCurrencyReport: false }}
        onChange={onChange}
      />,
    );
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => [b.labels?.[0]?.textContent, b.checked])).toEqual([
      ['Active only', true],
      ['In one currency', false],
    ]);
    fireEvent.click(boxes[1]!);
    expect(onChange).toHaveBeenCalledWith({ isCurrencyReport: true });
  });
});
