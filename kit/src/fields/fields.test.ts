// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, expect, test } from 'vitest';
import { SelectField, TextField } from './fields';

afterEach(cleanup);

test('a required field shows a visible marker beside its label and is required; its name stays the label', () => {
  render(createElement(TextField, { name: 'name', label: 'Name', required: true }));
  const input = screen.getByLabelText('Name');
  expect(input.hasAttribute('required')).toBe(true);
  const marker = screen.getByTitle('Required');
  expect(marker.textContent).toBe('*');
  expect(marker.getAttribute('aria-hidden')).toBe('true');
  // outside the label: the accessible name is the label's words alone
  expect(marker.closest('label')).toBeNull();
});

test('an optional field has no marker', () => {
  render(createElement(TextField, { name: 'notes', label: 'Notes' }));
  expect(screen.getByLabelText('Notes').hasAttribute('required')).toBe(false);
  expect(screen.queryByTitle('Required')).toBeNull();
});

test('a required select is marked the same way', () => {
  render(
    createElement(SelectField, {
      name: 'b_smoker',
      label: 'Smoker',
      required: true,
      placeholder: 'Choose YES or NO',
      options: [{ value: 'YES', label: 'YES' }],
    }),
  );
  expect(screen.getByLabelText('Smoker').hasAttribute('required')).toBe(true);
  expect(screen.getByTitle('Required')).toBeTruthy();
});
