/**
 * Runs dependency-cruiser (`npm run lint`, `npm run deps:graph`).
 *
 * dependency-cruiser parses TypeScript with the TypeScript compiler API, which
 * TypeScript 7 (our `tsc`) no longer ships. So, for dependency-cruiser only,
 * `typescript` resolves to TypeScript 5 (the `typescript-5` dev dependency);
 * the project itself is still typechecked by TypeScript 7.
 */
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (
      (specifier === 'typescript' || specifier.startsWith('typescript/')) &&
      context.parentURL?.includes('/node_modules/dependency-cruiser/')
    ) {
      return nextResolve(specifier.replace(/^typescript/, 'typescript-5'), context);
    }
    return nextResolve(specifier, context);
  },
});

// The CLI is not in the package's exports: load it by path.
await import(new URL('../node_modules/dependency-cruiser/bin/dependency-cruise.mjs', import.meta.url).href);
