// typescript-eslint, strict and type-aware, over src/ and test/; the plain JavaScript of bench/
// and the tool configs gets ESLint's recommended set. Formatting is Prettier's job (see
// eslint-config-prettier at the end), so no rule here argues about layout.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // The Vite configs are build scripts outside every tsconfig (web/ has its own for the pages).
  // The client types openapi-typescript generates are kept byte for byte as it writes them (test/client).
  globalIgnores(['dist/', 'coverage/', 'bench/out/', 'test-artifacts/', 'web/vite*.config.ts', 'test/client/generated/']),
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.strictTypeChecked, tseslint.configs.stylisticTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // With noUncheckedIndexedAccess every index and regex group is `T | undefined`; `!` is this
      // codebase's visible "this index exists" (82 hits, none a bug). A ban would push code to
      // `?? ''` fallbacks that hide a broken invariant instead of failing loudly.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // The memory store methods are `async` on purpose: they implement Promise-returning ports and a
      // throw must become a rejection, as in the Redis store (25 of 30 hits; the rest are test callbacks).
      '@typescript-eslint/require-await': 'off',
      // Numbers in messages and header values are the normal case, and URL/URLSearchParams print
      // what one expects (node's 'url' types: there is no DOM lib here). The rule still catches
      // objects, null and undefined turning into "[object Object]" / "undefined".
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        {
          allowNumber: true,
          allow: [
            { from: 'lib', name: ['Error', 'URL', 'URLSearchParams'] },
            { from: 'package', package: 'url', name: ['URL', 'URLSearchParams'] },
          ],
        },
      ],
      // `(error) => log.warn(...)` as a callback is idiomatic here; the rule still flags a void value
      // used in a statement or returned from a block.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // A blank string counts as omitted (`input.message || null`, README "blank ... counts as
      // omitted"): `||` on strings is deliberate. Still enforced for numbers, booleans and objects.
      '@typescript-eslint/prefer-nullish-coalescing': ['error', { ignorePrimitives: { string: true } }],
      // The codebase writes `T[]` for simple types and `Array<{...}>` for object and union types.
      '@typescript-eslint/array-type': ['error', { default: 'array-simple' }],
      // `{ dropped: _name, ...rest }` and `(_req, res)` say "deliberately unused".
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Tests read answers as `any` (`await res.json()`, test-server's `body`, live-client payloads)
      // and check their shape with expect(); typing every response body would duplicate the schemas
      // the tests exist to check. Kept on in src/, where an `any` is a real hole.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // `afterAll(() => server?.close())` runs even when beforeAll failed half-way, where the
      // variable's type (assigned in beforeAll) says it cannot be undefined: defensive on purpose.
      '@typescript-eslint/no-unnecessary-condition': 'off',
      // Store methods and helpers are passed around as values in the fixtures (`create`, `withLog`).
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  prettier,
);
