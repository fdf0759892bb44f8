import type { AtriumClient } from '@atrium/sdk';
import { createContext, type ReactNode, useContext } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: the provider accepts a client with any strategy and modules
type AnyClient = AtriumClient<any, any>;

const ClientContext = createContext<AnyClient | null>(null);

export interface AtriumProviderProps {
  client: AnyClient;
  children?: ReactNode;
}

/** Makes one SDK client available to the hooks below it. The client is created outside React. */
export function AtriumProvider({ client, children }: AtriumProviderProps) {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

/** The client of the nearest AtriumProvider; pass the client's type to get its modules typed. */
export function useClient<Client extends AnyClient = AnyClient>(): Client {
  const client = useContext(ClientContext);
  if (!client) {
    throw new Error('useClient() must be used inside <AtriumProvider client={...}>');
  }
  return client as Client;
}
