// The async boundary lets Module Federation negotiate shared singletons before any import runs.
import('./bootstrap').catch((error: unknown) => {
  console.error('This remote could not start', error);
});
