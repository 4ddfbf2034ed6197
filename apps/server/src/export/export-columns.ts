// Building blocks of the reports' export descriptions: typed columns, the player columns most
// reports open with, and rows already in memory served as one chunk.
import { labelOf, type Labels } from './export-labels.ts';
import type { Column } from './export-table.ts';

export function text<T>(label: string, value: (row: T) => string | null): Column<T> {
  return { label, kind: 'text', value };
}

/** An amount in minor units; summed into the totals unless told otherwise. */
export function money<T>(label: string, value: (row: T) => number | null, total = true): Column<T> {
  return { label, kind: 'money', value, total };
}

export function count<T>(label: string, value: (row: T) => number | null, total = true): Column<T> {
  return { label, kind: 'count', value, total };
}

export function day<T>(label: string, value: (row: T) => string | null): Column<T> {
  return { label, kind: 'date', value };
}

export function instant<T>(label: string, value: (row: T) => string | null): Column<T> {
  return { label, kind: 'datetime', value };
}

export function decimal<T>(
  label: string,
  decimals: number,
  value: (row: T) => number | null,
): Column<T> {
  return { label, kind: 'number', value, decimals };
}

export function share<T>(label: string, value: (row: T) => number | null): Column<T> {
  return { label, kind: 'percent', value };
}

export function yesNo(labels: Labels, value: boolean): string {
  return value ? labels.yes : labels.no;
}

/** Who entered a line: an agent's login, or the book itself ("system" as stored) in words. */
export function enteredBy(labels: Labels, stored: string): string {
  return stored === 'system' ? labels.bySystem : stored;
}

interface PlayerFields {
  Player: string;
  Name: string;
  Agent: string;
  Currency: string;
}

/** Player, name, agent and currency, the columns most reports open with. */
export function playerColumns<T extends PlayerFields>(labels: Labels): Column<T>[] {
  return [
    text(labels.columns.player, (r) => r.Player),
    text(labels.columns.name, (r) => r.Name),
    text(labels.columns.agent, (r) => r.Agent),
    text(labels.columns.currency, (r) => r.Currency),
  ];
}

interface PaymentFields {
  Amount: number;
  Method: string;
  Note: string;
  EnteredBy: string;
}

/**
 * Which way, how much, how, why and by whom: the columns both payment lists share. `inward` and
 * `outward` word a positive and a negative amount (receipt and disbursement, to and from master).
 */
export function paymentColumns<T extends PaymentFields>(
  labels: Labels,
  inward: string,
  outward: string,
): Column<T>[] {
  const l = labels.columns;
  return [
    text(l.direction, (r) => (r.Amount < 0 ? outward : inward)),
    money(l.amount, (r) => r.Amount),
    text(l.method, (r) => labelOf(labels.methods, r.Method)),
    text(l.note, (r) => r.Note),
    text(l.enteredBy, (r) => r.EnteredBy),
  ];
}

/** "AG1 · Agent One", or the login alone when the name says nothing more. */
export function loginAndName(login: string, name: string | null | undefined): string {
  return name && name !== login ? `${login} · ${name}` : login;
}

/** Rows a report answered with in one piece, handed on as a single chunk. */
export async function* whole<T>(rows: readonly T[]): AsyncGenerator<T[]> {
  if (rows.length > 0) yield [...rows];
}

/** Rows a report answered with in one piece, each row's money in its own currency. */
export function ownCurrencyRows<T extends { Currency: string }>(rows: readonly T[]) {
  return { currencyOf: (row: T) => row.Currency, chunks: whole(rows) };
}
