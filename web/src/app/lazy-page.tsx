// A page whose code is its own chunk, downloaded when it is first shown or
// earlier on intent (`preload`). Unlike React.lazy, a page already downloaded
// renders at once (no Suspense fallback for a frame), so a preloaded page
// and the page the app starts on never flash "Loading...".
import { use, type ComponentType } from 'react';

export interface LazyPage<Props extends object> {
  (props: Props): React.ReactNode;
  preload: () => Promise<unknown>;
}

export function lazyPage<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyPage<Props> {
  let loaded: ComponentType<Props> | undefined;
  let pending: Promise<ComponentType<Props>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download (offline, a new build replaced the chunk) is tried again next time.
        pending = undefined;
        throw error;
      },
    ));
  function Page(props: Props) {
    const Component = loaded ?? use(preload());
    return <Component {...props} />;
  }
  Page.preload = preload;
  return Page;
}
