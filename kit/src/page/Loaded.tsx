import type { ReactElement } from 'react';
import { Spinner } from '../spinner/Spinner';
import type { Resource } from '../useQuery';
import { LoadFailed } from './LoadFailed';
import { Page, type PageProps } from './Page';

/**
 * A screen waiting on one read (`useQuery`): the spinner while it loads, the server's msg in the
 * screen's own frame when it fails (with Retry when trying again can help), then `children` with
 * the data.
 */
export function Loaded<T>(props: {
  resource: Resource<T>;
  title: string;
  width?: PageProps['width'];
  /** Said (and shown) while loading, such as 'Loading your data...'. */
  loadingLabel?: string;
  children: (data: T) => ReactElement;
}): ReactElement {
  const { resource } = props;
  if (resource.state === 'loading') {
    return props.loadingLabel ? <Spinner label={props.loadingLabel} showLabel /> : <Spinner />;
  }
  if (resource.state === 'error') {
    return (
      <Page title={props.title} width={props.width}>
        <LoadFailed resource={resource} />
      </Page>
    );
  }
  return props.children(resource.data);
}
