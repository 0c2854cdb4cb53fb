import * as v from 'valibot';
import { MSG } from './messages';

/** `?format=csv` on the lists that export (patients, budgets, turns, the report); JSON without it. */
export const FormatQuery = v.optional(v.picklist(['csv'], MSG.invalidFormat));
