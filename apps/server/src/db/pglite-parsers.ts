import { types, type PGlite } from '@electric-sql/pglite'

type Parser = (value: string, typeId?: number) => unknown
type QueryOptions = Parameters<PGlite['query']>[2]

const asText: Parser = (value) => value
/**
 * The types Drizzle reads as PostgreSQL's text and maps itself (drizzle-orm/pglite/session.js passes these
 * with every query): timestamps, dates, intervals, and the arrays of numeric, timestamps, dates and intervals.
 */
const ARRAYS = { 1115: types.TIMESTAMP, 1185: types.TIMESTAMPTZ, 1182: types.DATE, 1187: types.INTERVAL }
export const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  ...Object.keys(ARRAYS).map(Number),
]

/**
 * PGlite with Drizzle's parsers set once, instead of with every statement (ADR 218): PGlite merges a
 * query's `parsers` into a copy of its own map of ~300 (every array type), ~0.1 ms of the main thread per
 * statement, a tenth of a write's. Returns the client for Drizzle, which leaves out the parsers Drizzle
 * passes when the instance already parses those types the same way (as text), and the options that give
 * anyone else (the job queue's raw SQL) PGlite's own parsing of those types, as before.
 */
export function withDrizzleParsers(client: PGlite): WithDrizzleParsers {
  // Once per instance: a second call would take the text parsers for PGlite's own.
  let done = prepared.get(client)
  if (!done) prepared.set(client, (done = prepare(client)))
  return done
}
type WithDrizzleParsers = { drizzleClient: PGlite; ownParsing: QueryOptions }
const prepared = new WeakMap<PGlite, WithDrizzleParsers>()

function prepare(client: PGlite): WithDrizzleParsers {
  const instance = client.parsers as Record<number, Parser>
  const own: Record<number, Parser> = {}
  for (const type of DRIZZLE_TEXT_TYPES) own[type] = instance[type] ?? asText
  // PGlite's array parsers look the element's parser up on the instance: rebuilt on PGlite's own ones.
  for (const [array, element] of Object.entries(ARRAYS)) {
    const parseElement = own[element]
    own[Number(array)] = (value) => types.arrayParser(value, parseElement, Number(array))
  }
  for (const type of DRIZZLE_TEXT_TYPES) instance[type] = asText

  const strip = (options: QueryOptions): QueryOptions => {
    const parsers = options?.parsers
    if (!parsers) return options
    for (const type of Object.keys(parsers)) if (!DRIZZLE_TEXT_TYPES.includes(Number(type))) return options
    return { ...options, parsers: undefined }
  }
  type Queryable = Pick<PGlite, 'query'>
  const view = <T extends Queryable>(target: T): T =>
    new Proxy(target, {
      get(object, property) {
        if (property === 'query') {
          return (text: string, params?: unknown[], options?: QueryOptions) =>
            object.query(text, params, strip(options))
        }
        if (property === 'transaction' && object === (client as Queryable)) {
          return (callback: (tx: Queryable) => Promise<unknown>) =>
            client.transaction((tx) => callback(view(tx)))
        }
        const value: unknown = Reflect.get(object, property, object)
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value
      },
    })
  return { drizzleClient: view(client), ownParsing: { parsers: own } }
}
