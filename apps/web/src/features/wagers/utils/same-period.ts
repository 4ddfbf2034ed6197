// What a list shows while its next page loads: the previous page only when it is of the same
// period, so the header never names a period whose rows are not on screen yet.

interface Period {
  startDate: string;
  endDate: string;
}

/**
 * A `placeholderData` for a list keyed `[..., filters]`: the previous data while the period is
 * unchanged (a new page, sort or filter shows the old rows under a refresh bar), nothing when the
 * period changed (the list shows its loading state until the new period's rows arrive).
 */
export function previousOfSamePeriod<T>(filters: Period) {
  return (previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }) => {
    const before = previousQuery?.queryKey.at(-1) as Partial<Period> | undefined;
    return before?.startDate === filters.startDate && before.endDate === filters.endDate
      ? previous
      : undefined;
  };
}
