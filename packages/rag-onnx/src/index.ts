// The package's public surface: re-exports only, one block per concept.
export {};
