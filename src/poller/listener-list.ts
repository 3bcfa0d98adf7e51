/** One listener connection as a server's listener list shows it. */
export interface ListenerConnection {
  /** The client's address: used within one poll to count distinct listeners, never stored. */
  address: string;
  /** How long this connection has lasted, when the server says. */
  connectedSeconds: number | null;
  /** The server's own id of the connection (Icecast's listener id, SHOUTcast's uid): a session's identity, never the address. */
  id: string | null;
  /** The player's User-Agent as the server saw it ('' when none). */
  userAgent: string;
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
