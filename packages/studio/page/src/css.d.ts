// Vite bundles the page's stylesheet; the type check only needs to know the import exists.
declare module '*.css';
