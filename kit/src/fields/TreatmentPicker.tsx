import { MSG, type Treatment } from '@clinic/worker/contract';
import { type KeyboardEvent, type ReactElement, useEffect, useId, useState } from 'react';
import { answerPage, api } from '../api';
import { useMoney } from '../clinic/useMoney';
import { useQuery } from '../useQuery';
import fieldStyles from './fields.module.css';
import styles from './TreatmentPicker.module.css';

/** At most this many matches are listed; typing more of the code or name narrows them. */
export const TREATMENT_MATCHES = 20;

/** How a treatment reads in the picker: code, name and price ('0101 · consultation (ARS 1,170.00)'). */
export const treatmentOption = (t: Treatment, money: (amount: number) => string): string =>
  `${t.ID} · ${t.description || t.treatmentType} (${money(t.price)})`;

/** What the list says of itself under the field, for every reader. */
function statusOf(state: 'loading' | 'error' | 'ready', shown: number, total: number): string {
  if (state === 'loading') return MSG.loadingTreatments;
  if (state === 'error') return MSG.somethingWentWrong;
  if (total === 0) return MSG.noTreatments;
  return shown < total
    ? `${shown} of ${total} treatments shown: type to narrow them`
    : `${total} treatment${total === 1 ? '' : 's'} found`;
}

/**
 * The combobox's state: the text in the field, whether the list is open, the active match, the
 * matches the server found for the text, and what the keys do.
 */
function useTreatmentCombo(value: Treatment | null, onChange: (treatment: Treatment | null) => void) {
  const money = useMoney();
  const [text, setText] = useState(value ? treatmentOption(value, money) : '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // A choice made elsewhere (or the first one) shows in the field.
  useEffect(() => {
    if (value) setText(treatmentOption(value, money));
  }, [value, money]);

  // The field naming the chosen treatment lists them all; anything else typed is the search.
  const term = value && text === treatmentOption(value, money) ? '' : text.trim();
  const found = useQuery(open ? `treatments?q=${term}` : null, () =>
    answerPage(api.treatments.$get({ query: { q: term, limit: String(TREATMENT_MATCHES), offset: '0' } })),
  );
  const options = found.state === 'ready' ? found.data.rows : [];
  const shown = open && options.length > 0;
  const current = shown && active >= 0 && active < options.length ? active : -1;

  const choose = (t: Treatment): void => {
    onChange(t);
    setText(treatmentOption(t, money));
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(0);
        } else setActive(Math.min(current + 1, options.length - 1));
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (open) setActive(Math.max(current - 1, 0));
        return;
      case 'Enter': {
        const option = options[current];
        if (!shown || !option) return;
        event.preventDefault();
        choose(option);
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text !== '') {
          event.preventDefault();
          setText('');
          onChange(null);
        }
        return;
      default:
        return;
    }
  };

  const total = found.state === 'ready' ? found.data.total : 0;
  /** The field's own typing: it is the search now, and drops the choice it named. */
  const type = (typed: string): void => {
    setText(typed);
    setOpen(true);
    setActive(0);
    if (value) onChange(null);
  };
  const close = (): void => {
    setOpen(false);
    setActive(-1);
  };
  return {
    money,
    text,
    open,
    found,
    options,
    shown,
    current,
    total,
    choose,
    onKeyDown,
    type,
    close,
    setOpen,
    setActive,
  };
}

/**
 * Picks ONE treatment from the whole price list, however long: an accessible combobox (WAI-ARIA
 * combobox with a listbox popup). Typing asks the server for the treatments whose code, type or
 * description holds the text; the arrow keys move through the matches, Enter chooses, Escape closes
 * the list (and, closed, empties the field). Editing the text drops the choice, so what is chosen
 * is always the one treatment the field names.
 */
export function TreatmentPicker(props: {
  value: Treatment | null;
  onChange: (treatment: Treatment | null) => void;
  label?: string;
  error?: string | undefined;
}): ReactElement {
  const ids = useId();
  const inputId = `${ids}-input`;
  const listId = `${ids}-list`;
  const optionId = (i: number): string => `${ids}-option-${i}`;
  const combo = useTreatmentCombo(props.value, props.onChange);
  const { money, text, open, found, options, shown, current, total, choose } = combo;
  const errorId = `${ids}-error`;
  const statusId = `${ids}-status`;
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={inputId} className={fieldStyles.label}>
        {props.label ?? 'Treatment'}
      </label>
      <div className={styles.combo}>
        <input
          id={inputId}
          className={fieldStyles.control}
          type="text"
          role="combobox"
          autoComplete="off"
          placeholder="Code or name"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={current >= 0 ? optionId(current) : undefined}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={
            [open ? statusId : null, props.error ? errorId : null].filter(Boolean).join(' ') || undefined
          }
          value={text}
          onChange={(e) => combo.type(e.target.value)}
          onKeyDown={combo.onKeyDown}
          onClick={() => combo.setOpen(true)}
          onBlur={combo.close}
        />
        {/* The popup under the field: the matches, then what the list says of itself. It floats
            over what follows, so opening and closing it never moves the controls beside it. */}
        <div className={styles.popup} hidden={!open}>
          <div
            id={listId}
            role="listbox"
            aria-label={props.label ?? 'Treatment'}
            className={styles.listbox}
            hidden={!shown}
          >
            {options.map((t, i) => (
              <div
                key={t.ID}
                id={optionId(i)}
                role="option"
                // The focus stays in the field (aria-activedescendant names the option), never here.
                tabIndex={-1}
                aria-selected={i === current}
                className={styles.option}
                // Chosen on press, before the field loses the focus (and closes the list).
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(t);
                }}
                onMouseMove={() => combo.setActive(i)}
              >
                {treatmentOption(t, money)}
              </div>
            ))}
          </div>
          <span id={statusId} className={styles.status} role="status">
            {open ? statusOf(found.state, options.length, total) : ''}
          </span>
        </div>
      </div>
      {props.error ? (
        <span id={errorId} className={fieldStyles.error}>
          {props.error}
        </span>
      ) : null}
    </div>
  );
}
