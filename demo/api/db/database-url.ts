/**
 * DATABASE_URL as libpq reads it, multi-host form included
 * (`postgres://user@h1:5432,h2:5432/db?target_session_attrs=read-write`): node-postgres
 * parses a URL with WHATWG's parser, which refuses a host list ("Invalid URL"). This
 * splits the list off; the pool connects to one host at a time (open-database.ts) and,
 * with read-write, to the one that accepts writes, as libpq does.
 */
export interface DatabaseAddress {
  /** The URL with only the first host in it and no target_session_attrs: what node-postgres can parse. */
  url: string;
  /** Every host, in the order given; one for a plain URL. */
  hosts: { host: string; port: number }[];
  /** Whether a server that only reads (a standby) is skipped. */
  readWrite: boolean;
}

const TARGETS: Record<string, boolean> = { any: false, "read-write": true, primary: true };

export function parseDatabaseUrl(input: string): DatabaseAddress {
  const match = /^(postgres(?:ql)?:\/\/)([^/?#]*@)?([^/?#]*)(.*)$/s.exec(input);
  if (!match) throw new Error("DATABASE_URL must be a postgres:// or postgresql:// URL");
  const [, scheme, userinfo = "", hostList = "", rest = ""] = match as unknown as [string, string, string?, string?, string?];
  const hosts = hostList === "" ? [] : hostList.split(",").map(hostAndPort);
  const [path = "", query = ""] = rest.split("?", 2) as [string, string?];
  const params = new URLSearchParams(query);
  const target = params.get("target_session_attrs") ?? "any";
  if (!(target in TARGETS)) throw new Error(`DATABASE_URL's target_session_attrs=${target} is not supported (any, read-write or primary)`);
  params.delete("target_session_attrs");
  const first = hosts[0];
  const authority = first ? `${first.host.includes(":") ? `[${first.host}]` : first.host}:${first.port}` : "";
  const search = params.toString();
  const url = `${scheme}${userinfo}${hosts.length > 1 ? authority : hostList}${path}${search ? `?${search}` : ""}`;
  // Checked here, naming the variable, rather than as node-postgres's bare "Invalid URL".
  try {
    new URL(url);
  } catch {
    throw new Error("DATABASE_URL is not a valid URL (postgres://user:password@host:port/database)");
  }
  return { url, hosts: hosts.length ? hosts : [{ host: "localhost", port: 5432 }], readWrite: TARGETS[target] === true };
}

function hostAndPort(spec: string): { host: string; port: number } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(spec);
  const plain = /^([^:[\]]+)(?::(\d+))?$/.exec(spec);
  const found = bracketed ?? plain;
  if (!found?.[1]) throw new Error(`DATABASE_URL names a host it cannot read: "${spec}"`);
  const port = found[2] === undefined ? 5432 : Number(found[2]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`DATABASE_URL names a port out of range: "${spec}"`);
  return { host: decodeURIComponent(found[1]), port };
}
