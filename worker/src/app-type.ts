export type { AppType } from './app';
