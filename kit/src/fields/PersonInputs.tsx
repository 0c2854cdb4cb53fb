import type { ReactElement } from 'react';
import type { SchemaForm } from '../forms/useSchemaForm';
import { TextField } from './fields';
import type { PersonField, PersonKey, PersonPath } from './personFields';

/** A form's person fields (`personFields`), each bound to the form at its path. */
export function PersonInputs<K extends PersonKey>({
  fields,
  form,
}: {
  fields: readonly PersonField<K>[];
  form: Pick<SchemaForm<unknown, never, unknown, NoInfer<PersonPath<K>>>, 'field'>;
}): ReactElement {
  return (
    <>
      {fields.map(({ key, path, ...input }) => (
        <TextField key={path} name={key} {...input} {...form.field(path)} />
      ))}
    </>
  );
}
