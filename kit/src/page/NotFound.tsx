import type { ReactElement } from 'react';
import { Link } from '../router';
import { Page } from './Page';

/** Any /home path an area does not know: every remote's catch-all route. */
export function NotFound(): ReactElement {
  return (
    <Page title="Page not found">
      <p>
        <Link to="/home">Back to Home</Link>
      </p>
    </Page>
  );
}
