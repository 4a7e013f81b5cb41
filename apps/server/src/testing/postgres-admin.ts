import pg from 'pg'

/**
 * One statement on a connection of its own (`create database`, `drop database`: neither runs inside a pool's
 * transaction, nor may the connection be to the database it drops).
 */
export async function runAsAdmin(connectionString: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** The same server's URL for the database `name`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}
