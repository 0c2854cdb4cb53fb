import { useMoney } from '@clinic/kit';
import type { BudgetLine } from '@clinic/worker/contract';
import type { ReactElement, ReactNode } from 'react';
import styles from './BudgetTable.module.css';

/** One column: its header, how a row fills its cell, and whether it holds a number (set right). */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

/**
 * The budgets' one table: a hidden caption naming it for screen readers, a header row of the
 * columns, a row per item. The budgets list, the builder's lines and the summary's lines draw it.
 */
export function BudgetTable<Row>(props: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Drawn on a card (the list) rather than flat inside a section (the lines). */
  card?: boolean;
}): ReactElement {
  const numeric = (c: Column<Row>): string | undefined => (c.numeric ? styles.number : undefined);
  return (
    <div className={props.card ? 'table-scroll card' : 'table-scroll'}>
      <table className="table table-stack">
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((c) => (
              <th key={c.header} scope="col" className={numeric(c)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={props.rowKey(row)}>
              {props.columns.map((c) => (
                <td key={c.header} className={numeric(c)} data-label={c.header}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What a line of a budget is called: its description, else its type. */
export const lineName = (line: Pick<BudgetLine, 'description' | 'treatmentType'>): string =>
  line.description || line.treatmentType;

/**
 * A budget's lines: Treatment ID, Treatment, Price, Quantity, Sub-Total. The summary shows the
 * quantity as it is; the builder passes `quantity` to draw its controls in that cell.
 */
export function BudgetLines(props: {
  caption: string;
  lines: readonly BudgetLine[];
  quantity?: (line: BudgetLine) => ReactNode;
  /** A stored budget's own currency; the builder's draft is in the clinic's. */
  currency?: string;
}): ReactElement {
  const format = useMoney();
  const money = (amount: number): string => format(amount, props.currency);
  const columns: Column<BudgetLine>[] = [
    { header: 'Treatment ID', cell: (l) => l.ID },
    { header: 'Treatment', cell: (l) => (l.toothID ? `${lineName(l)} (tooth ${l.toothID})` : lineName(l)) },
    { header: 'Price', cell: (l) => money(l.price), numeric: true },
    { header: 'Quantity', cell: props.quantity ?? ((l) => l.quantity), numeric: !props.quantity },
    { header: 'Sub-Total', cell: (l) => money(l.subTotalPrice), numeric: true },
  ];
  return (
    <BudgetTable
      caption={props.caption}
      columns={columns}
      rows={props.lines}
      rowKey={(l) => `${l.ID}-${l.toothID ?? ''}`}
    />
  );
}
