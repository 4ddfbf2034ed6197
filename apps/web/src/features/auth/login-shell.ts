// The log-in page arrives with the form already drawn (apps/web/build/login-shell.ts); the app draws
// its own over it. What the agent did meanwhile (typed, focused, pressed Log in) is handed to the
// app's form once, read from the shell's form at the moment the app's form replaces it, so nothing
// typed up to that instant is lost.

export type ShellField = 'login' | 'password' | 'site';

export interface LoginShellState {
  values: Partial<Record<ShellField, string>>;
  focused: ShellField | null;
  submitted: boolean;
}

let shellForm: HTMLFormElement | null = null;
let focused: ShellField | null = null;

function isField(name: string | undefined): name is ShellField {
  return name === 'login' || name === 'password' || name === 'site';
}

function fieldOf(element: Element | null): ShellField | null {
  return element instanceof HTMLInputElement && isField(element.name) ? element.name : null;
}

/** Finds the shell's form under `root`, if the page came with one; call before the app renders. */
export function keepLoginShell(root: HTMLElement): void {
  shellForm = root.querySelector<HTMLFormElement>('form[data-login-shell]');
  if (!shellForm) return;
  focused = shellForm.contains(document.activeElement) ? fieldOf(document.activeElement) : null;
  // Once the app replaces it, the shell's focus is gone from the document: remember it as it moves.
  shellForm.addEventListener('focusin', (e) => (focused = fieldOf(e.target as Element)));
}

/** What the shell holds now, handed out once (the app's form calls it as it first appears). */
export function takeLoginShell(): LoginShellState | null {
  const form = shellForm;
  shellForm = null;
  if (!form) return null;
  const values: LoginShellState['values'] = {};
  for (const input of form.querySelectorAll('input')) {
    if (isField(input.name) && input.value !== '') values[input.name] = input.value;
  }
  return { values, focused, submitted: form.dataset.submitted === '1' };
}
