// A random id this browser keeps and sends at each log-in (LoginBody.Device), so the log-in history
// tells devices apart; the server keeps only its hash. A frame without storage keeps it in memory.
const KEY = 'backline.device';
let inMemory: string | null = null;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const VALID = /^[A-Za-z0-9_-]{16,64}$/;

export function deviceId(): string {
  if (inMemory) return inMemory;
  const store = storage();
  try {
    const kept = store?.getItem(KEY);
    if (kept && VALID.test(kept)) return (inMemory = kept);
  } catch {
    // Storage that refuses reads (a blocked frame): memory only.
  }
  const id = newId();
  inMemory = id;
  try {
    store?.setItem(KEY, id);
  } catch {
    // Full or blocked: memory only.
  }
  return id;
}
