// The one way the composition root registers anything in its tsyringe
// container: a typed token and a factory that builds the token's value from
// other tokens, cached, so each token holds one instance for the life of the
// container (a policy several use cases share is one object). No
// registration reads decorator metadata (esbuild emits none).
import { instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import { token, type Token, type Tokens } from '@application/ports/tokens';

/** A registered value as its token's type. */
export type Resolve = <T>(token: Token<T>) => T;

export function resolverOf(c: DependencyContainer): Resolve {
  return <T>(t: Token<T>) => c.resolve<T>(t.key);
}

/** One cached instance per token, built on first use from the registrations it resolves. */
export function register<T>(c: DependencyContainer, t: Token<T>, build: (resolve: Resolve) => T): void {
  c.register(t.key, { useFactory: instanceCachingFactory((d) => build(resolverOf(d))) });
}

/** A token for each factory of the table, by its name, typed as what the factory builds. */
export function tokensFor<Table extends Record<string, (...args: never[]) => unknown>>(
  table: Table,
): Tokens<{ [Name in keyof Table]: ReturnType<Table[Name]> }> {
  return Object.fromEntries(Object.keys(table).map((name) => [name, token(name)])) as Tokens<{
    [Name in keyof Table]: ReturnType<Table[Name]>;
  }>;
}

/** Every token of the set resolved, by name (each built now, if it was not already). */
export function resolveAll<Handles>(resolve: Resolve, tokens: Tokens<Handles>): Handles {
  return Object.fromEntries(Object.entries(tokens).map(([name, t]) => [name, resolve(t as Token<unknown>)])) as Handles;
}

/** Registers each factory of the table under the token of its name. */
export function registerAll<Handles>(
  c: DependencyContainer,
  tokens: Tokens<Handles>,
  factories: { [Name in keyof Handles]: (resolve: Resolve) => Handles[Name] },
): void {
  for (const name of Object.keys(factories) as (keyof Handles)[]) register(c, tokens[name], factories[name]);
}
