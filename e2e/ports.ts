/** Ports of the servers the end-to-end run starts; away from the 8787 `npm start` uses. */
export const PORTS = { app: 8799, rewired: 8798, separateRemote: 4801 } as const;

export const URLS = {
  app: `http://localhost:${PORTS.app}`,
  rewired: `http://localhost:${PORTS.rewired}`,
  separateRemote: `http://127.0.0.1:${PORTS.separateRemote}`,
} as const;
