// The words of an exported file in each interface language, read from the web app's translation
// files so that one copy of every text remains: the file's own words (titles, columns, filters) are
// under `exportExcel.file`, the names of types, sports, results and methods are the web's own.
import {
  ledgerDescriptionText,
  type Language,
  type LedgerDescriptionCode,
  type TRANSLATED_LEDGER_PARAMS,
} from '@backline/contract';
import en from '../../../web/public/assets/i18n/en.json' with { type: 'json' };
import es from '../../../web/public/assets/i18n/es.json' with { type: 'json' };

// Typed as the English file: the compiler makes Spanish name every key English does.
function labelsOf(w: typeof en) {
  const { all: _all, ...transactionTypes } = w.transactionTypes;
  return {
    ...w.exportExcel.file,
    reports: w.exportExcel.reports,
    /** Monday to Sunday, as the weekly balance heads its days. */
    days: Object.values(w.weeklyBalance.days),
    transactionTypes,
    sports: w.sports,
    wagerTypes: w.wagerTypes,
    betResults: w.betResults,
    changeStatuses: w.changeStatuses,
    playerStatuses: w.players.statuses,
    directions: { ...w.playerPayment.directions, ...w.agentPayments.directions },
    methods: w.payments.methods,
    /** What ledger lines say, by code. */
    ledgerDescriptions: w.ledger.descriptions,
    /** What the audit log calls each act and each kind of actor. */
    auditActions: w.auditLog.actions,
    auditActorKinds: w.auditLog.actorKinds,
  };
}

export type Labels = ReturnType<typeof labelsOf>;

export const LABELS: Record<Language, Labels> = { en: labelsOf(en), es: labelsOf(es) };

/** The BCP 47 locale an export's currency symbols and title dates are written for. */
export const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-ES' };

/** A label of an enumeration, or the raw value when the table has no word for it. */
export function labelOf(table: Record<string, string>, value: string): string {
  return Object.hasOwn(table, value) ? table[value]! : value;
}

/** A ledger line in the file's language: by its code, or its stored words when it has none. */
export function ledgerLineText(
  labels: Labels,
  line: {
    Description: string;
    DescriptionCode: LedgerDescriptionCode | null;
    DescriptionParams: Record<string, string>;
  },
): string {
  if (!line.DescriptionCode) return line.Description;
  const names: Record<keyof typeof TRANSLATED_LEDGER_PARAMS, Record<string, string>> = {
    result: labels.betResults,
    from: labels.betResults,
    to: labels.betResults,
    method: labels.methods,
    product: labels.transactionTypes,
  };
  return ledgerDescriptionText(
    { Code: line.DescriptionCode, Params: line.DescriptionParams },
    (param, value) => labelOf(names[param], value),
    labels.ledgerDescriptions[line.DescriptionCode],
  );
}

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
}
