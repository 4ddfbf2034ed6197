/**
 * What a filter panel has set, read from its own controls, so no report keeps a second
 * description of its filters in step with the fields: a select's chosen option (not an "All"
 * choice, value "", nor one marked data-summary="skip", such as the agent's own view), a ticked
 * box's label, a typed text. Date fields are left out: the period select beside them names the
 * range ("This week", or "Custom range").
 */
export function readFilterSummary(panel: HTMLElement | null): string[] {
  if (!panel) return [];
  const parts: string[] = [];
  for (const control of panel.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
    'select, input',
  )) {
    if (control.closest('[data-summary="skip"]')) continue;
    if (control instanceof HTMLSelectElement) {
      const option = control.selectedOptions[0];
      if (!option || control.value === '' || option.dataset.summary === 'skip') continue;
      parts.push(clean(option.text));
    } else if (control.type === 'checkbox' || control.type === 'radio') {
      if (control.checked) parts.push(clean(control.labels?.[0]?.textContent ?? ''));
    } else if (control.type !== 'date' && control.type !== 'hidden' && control.value.trim()) {
      parts.push(`“${control.value.trim()}”`);
    }
  }
  return parts.filter((part) => part !== '');
}

// Tree options are indented with non-breaking spaces and a branch mark.
function clean(text: string): string {
  return text.replace(/^[\s\u00a0└]+/, '').trim();
}
