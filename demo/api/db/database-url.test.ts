import { describe, expect, it } from "vitest";
import { parseDatabaseUrl } from "./database-url.ts";

describe("DATABASE_URL as libpq reads it", () => {
  it("a plain URL is passed on as it is, one host, any server", () => {
    expect(parseDatabaseUrl("postgres://app:secret@db.internal:6432/booking?sslmode=require")).toEqual({
      url: "postgres://app:secret@db.internal:6432/booking?sslmode=require",
      hosts: [{ host: "db.internal", port: 6432 }],
      readWrite: false,
    });
  });

  it("a host list with target_session_attrs=read-write: every host in order, the first in the URL node-postgres parses", () => {
    const address = parseDatabaseUrl(
      "postgresql://app:p%40ss@10.0.0.1:5432,10.0.0.2:5433,db3/booking?target_session_attrs=read-write&application_name=api",
    );
    expect(address).toEqual({
      url: "postgresql://app:p%40ss@10.0.0.1:5432/booking?application_name=api",
      hosts: [
        { host: "10.0.0.1", port: 5432 },
        { host: "10.0.0.2", port: 5433 },
        { host: "db3", port: 5432 },
      ],
      readWrite: true,
    });
    expect(() => new URL(address.url)).not.toThrow();
  });

  it("IPv6 hosts in brackets, and primary as read-write", () => {
    expect(parseDatabaseUrl("postgres://u@[::1]:5432,[fd00::2]/db?target_session_attrs=primary")).toMatchObject({
      url: "postgres://u@[::1]:5432/db",
      hosts: [
        { host: "::1", port: 5432 },
        { host: "fd00::2", port: 5432 },
      ],
      readWrite: true,
    });
  });

  it("says what is wrong, naming the variable, instead of node-postgres's bare Invalid URL", () => {
    expect(() => parseDatabaseUrl("mysql://h/db")).toThrow("DATABASE_URL must be a postgres:// or postgresql:// URL");
    expect(() => parseDatabaseUrl("postgres://h1:5432,h2:99999/db")).toThrow('DATABASE_URL names a port out of range: "h2:99999"');
    expect(() => parseDatabaseUrl("postgres://h1,:5432/db")).toThrow('DATABASE_URL names a host it cannot read: ":5432"');
    expect(() => parseDatabaseUrl("postgres://h1/db?target_session_attrs=standby")).toThrow(
      "DATABASE_URL's target_session_attrs=standby is not supported (any, read-write or primary)",
    );
  });
});
