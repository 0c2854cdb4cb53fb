import { parsePatientSearch } from '@clinic/worker/contract';
import { type FormEvent, useState } from 'react';

/** What `usePatientSearch` hands to the kit's SearchBar. */
export interface PatientSearchBarProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
  onSubmit: (event: FormEvent) => void;
  error: string | null;
  disabled: boolean;
}

/**
 * The patient search box (digits: a document; letters: a name; anything else: 'Wrong
 * search format, please try again' with Search disabled; empty: its own message), for the SearchBar:
 * `onSearch` gets the parsed term of a valid search; `clear()` empties the box.
 */
export function usePatientSearch(onSearch: (term: string) => void): {
  bar: PatientSearchBarProps;
  clear: () => void;
} {
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const parsed = parsePatientSearch(text);
  const invalid = parsed.kind === 'invalid';
  return {
    bar: {
      label: 'Search patient by ID or name',
      placeholder: 'ID or name',
      value: text,
      onChange: (value) => {
        setText(value);
        setMessage(null);
      },
      onSubmit: (event) => {
        event.preventDefault();
        if (parsed.kind === 'empty' || parsed.kind === 'invalid') {
          setMessage(parsed.error);
          return;
        }
        setMessage(null);
        onSearch(parsed.term);
      },
      error: invalid ? parsed.error : message,
      disabled: invalid,
    },
    clear: () => {
      setText('');
      setMessage(null);
    },
  };
}
