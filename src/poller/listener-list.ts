/** One listener connection as a server's listener list shows it. */
export interface ListenerConnection {
  /** The client's address: used within one poll to count distinct listeners, never stored. */
  address: string;
  /** How long this connection has lasted, when the server says. */
  connectedSeconds: number | null;
}

/** Reads the listeners of one mount or stream (admin credentials required); throws when it cannot. */
export interface ListenerListReader {
  read(): Promise<ListenerConnection[]>;
}

export interface AdminCredentials {
  user: string;
  password: string;
}

export const basicAuth = ({ user, password }: AdminCredentials) => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});
