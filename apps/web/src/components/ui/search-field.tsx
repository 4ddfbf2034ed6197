import { useEffect, useState } from 'react';
import { SearchBox } from './text-field';

// Long enough that a word typed at normal speed is one request, short enough to feel immediate.
const SEARCH_DELAY_MS = 250;

interface SearchFieldProps {
  label: string;
  /** The search in force (the URL's). */
  value: string;
  /** Called once typing pauses, with the trimmed text. */
  onSearch: (value: string) => void;
  maxLength: number;
}

/** A search box that asks the server once the typing pauses, not on every key. */
export function SearchField({ label, value, onSearch, maxLength }: SearchFieldProps) {
  const [text, setText] = useState(value);
  // The last search this box sent, and the last value it was given.
  const [sent, setSent] = useState(value);
  const [seen, setSeen] = useState(value);
  // The search changed without this box (back button, a link): show it. An answer to what was
  // sent leaves the text alone, since the user may have typed on meanwhile.
  if (value !== seen) {
    setSeen(value);
    if (value !== sent) {
      setSent(value);
      setText(value);
    }
  }

  useEffect(() => {
    const next = text.trim();
    if (next === value) return;
    const timer = setTimeout(() => {
      setSent(next);
      onSearch(next);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <SearchBox
      label={label}
      value={text}
      maxLength={maxLength}
      onText={setText}
      fieldClassName="field--grow"
    />
  );
}
