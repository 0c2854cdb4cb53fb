// The async boundary lets Module Federation set up shared singletons before any import runs.
import('./bootstrap').catch((error: unknown) => {
  console.error('Clinic could not start', error);
});
