// What bin.js loads on every start. `npm run build` replaces the compiled file with one
// bundle of main.js and its static imports (scripts/bundle-cli-start.mjs); from the
// sources it is this re-export.
export { main } from './main.js';
