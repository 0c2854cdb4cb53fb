// The ambient types every front end shares (the shell, the kit and the five remotes include this
// file from their tsconfig): CSS imports and the dev server's hot module API.

declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';

/** The dev server's hot module API (`npm run dev -w mf-<name>`); undefined in a build. */
interface ImportMeta {
  readonly webpackHot?: { accept(dependency: string, onUpdate: () => void): void };
}
